"""Columnar output of records (dicts of one set of fields: batch's ``RECORD_FIELDS`` by default,
simulate's games): CSV, or Parquet through pyarrow (``pip install 'mjrules[parquet]'``). Records
are written a chunk at a time (a Parquet row group per chunk), so memory stays bounded on a stream
of any length."""

from __future__ import annotations

import csv
from typing import Any, Sequence

from mjrules.errors import MjrulesError
from mjrules.tools.batch import RECORD_FIELDS

PARQUET_INSTALL = "pip install 'mjrules[parquet]'"


class CsvRecords:
    """Records as CSV rows under a header of ``fields``; a list's items space-separated, an empty
    cell for None."""

    def __init__(self, stream: Any, fields: Sequence[str] = RECORD_FIELDS) -> None:
        self._fields = list(fields)
        self._writer = csv.writer(stream)
        self._writer.writerow(self._fields)

    def write(self, records: Sequence[dict[str, Any]]) -> None:
        self._writer.writerows([[" ".join(map(str, v)) if isinstance(v, (list, tuple)) else v
                                 for v in (r[f] for f in self._fields)] for r in records])

    def close(self) -> None:
        pass


BATCH_TYPES = {"error": "string", "win": "bool", "limit": "string", "yaku": "strings"}
"""The Parquet types of batch's record fields that are not whole numbers."""


class ParquetRecords:
    """Records as a Parquet file: each field a whole number (int64, null where None) unless
    ``types`` names it ``string``, ``bool``, ``strings`` or ``ints`` (lists)."""

    def __init__(self, path: str, fields: Sequence[str] = RECORD_FIELDS,
                 types: dict[str, str] | None = None) -> None:
        try:
            import pyarrow as pa
            import pyarrow.parquet as pq
        except ImportError as e:
            raise MjrulesError(f"--output {path}: Parquet output needs pyarrow: {PARQUET_INSTALL} ({e})") from None
        arrow = {"string": pa.string(), "bool": pa.bool_(), "strings": pa.list_(pa.string()),
                 "ints": pa.list_(pa.int64())}
        named = BATCH_TYPES if types is None else types
        self._pa = pa
        self._schema = pa.schema([(f, arrow[named[f]] if f in named else pa.int64()) for f in fields])
        try:
            self._writer = pq.ParquetWriter(path, self._schema)
        except OSError as e:
            raise MjrulesError(f"{path}: cannot open: {e}") from None

    def write(self, records: Sequence[dict[str, Any]]) -> None:
        if records:
            self._writer.write_table(self._pa.Table.from_pylist(list(records), schema=self._schema))

    def close(self) -> None:
        self._writer.close()
