// kotlin-stub implements CInterop/include/libshared_api.h; it has no API of its own.
#ifndef KOTLIN_STUB_H
#define KOTLIN_STUB_H
#include "libshared_api.h"
#endif
