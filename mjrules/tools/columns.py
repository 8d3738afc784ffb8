"""Columnar output of batch records (``mjrules.tools.batch.RECORD_FIELDS``): CSV, or Parquet through
pyarrow (``pip install 'mjrules[parquet]'``). Records are written a chunk at a time (a Parquet
row group per chunk), so memory stays bounded on a stream of any length."""

from __future__ import annotations

import csv
from typing import Any, Sequence

from mjrules.errors import MjrulesError
from mjrules.tools.batch import RECORD_FIELDS

PARQUET_INSTALL = "pip install 'mjrules[parquet]'"


class CsvRecords:
    """Records as CSV rows under a header of ``RECORD_FIELDS``; the yaku ids space-separated,
    an empty cell for None."""

    def __init__(self, stream: Any) -> None:
        self._writer = csv.writer(stream)
        self._writer.writerow(RECORD_FIELDS)

    def write(self, records: Sequence[dict[str, Any]]) -> None:
        rows = []
        for r in records:
            row = [r[f] for f in RECORD_FIELDS]
            if r["yaku"] is not None:
                row[-1] = " ".join(r["yaku"])
            rows.append(row)
        self._writer.writerows(rows)

    def close(self) -> None:
        pass


class ParquetRecords:
    """Records as a Parquet file: integers as int64 (null where None), the yaku ids as a list of
    strings."""

    def __init__(self, path: str) -> None:
        try:
            import pyarrow as pa
            import pyarrow.parquet as pq
        except ImportError as e:
            raise MjrulesError(f"--output {path}: Parquet output needs pyarrow: {PARQUET_INSTALL} ({e})") from None
        whole = pa.int64()
        types = {"line": whole, "error": pa.string(), "win": pa.bool_(), "limit": pa.string(),
                 "yaku": pa.list_(pa.string())}
        self._pa = pa
        self._schema = pa.schema([(f, types.get(f, whole)) for f in RECORD_FIELDS])
        try:
            self._writer = pq.ParquetWriter(path, self._schema)
        except OSError as e:
            raise MjrulesError(f"{path}: cannot open: {e}") from None

    def write(self, records: Sequence[dict[str, Any]]) -> None:
        if records:
            self._writer.write_table(self._pa.Table.from_pylist(list(records), schema=self._schema))

    def close(self) -> None:
        self._writer.close()
