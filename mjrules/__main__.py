from mjrules.cli import main

raise SystemExit(main())
