"""``ascir.dtypes``: element types by their seed names (``ascir.dtypes.float16``)."""

from ascir_dialect.dtypes import DType

int8 = DType.int8
int16 = DType.int16
int32 = DType.int32
int64 = DType.int64
uint8 = DType.uint8
uint16 = DType.uint16
uint32 = DType.uint32
uint64 = DType.uint64
float16 = DType.float16
bfloat16 = bf16 = DType.bfloat16
float32 = DType.float32
bool = DType.bool
