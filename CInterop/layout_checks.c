// Compile-time checks of the layouts Swift (and a real Kotlin/Native library) rely on.
// This file is the CInterop target's only source: the contract itself is the header.
#include "libshared_api.h"

#include <stddef.h>

_Static_assert(sizeof(shared_KNativePtr) == sizeof(void *), "kref tokens are pointer sized");
_Static_assert(sizeof(shared_kref_kotlin_Any) == sizeof(void *), "a kref is exactly its pinned pointer");
_Static_assert(sizeof(shared_Value) == 16, "shared_Value is 16 bytes: kind, count, 8-byte payload");
_Static_assert(offsetof(shared_Value, as) == 8, "the payload follows kind and count");
_Static_assert(sizeof(shared_KInt) == 4 && sizeof(shared_KLong) == 8, "Kotlin Int is 32-bit, Long 64-bit");
_Static_assert(sizeof(shared_KUInt) == 4 && sizeof(shared_KDouble) == 8, "Kotlin UInt is 32-bit, Double 64-bit");
_Static_assert(sizeof(shared_BufferPolicy) == 8, "a buffer policy is two Int32s");
_Static_assert(sizeof(shared_Collection) == sizeof(void *), "handles are one token");
_Static_assert(sizeof(shared_Call) == sizeof(void *), "handles are one token");
_Static_assert(sizeof(shared_Scope) == sizeof(void *), "handles are one token");
