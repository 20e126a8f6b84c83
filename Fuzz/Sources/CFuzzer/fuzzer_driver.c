// The declaration is all: libFuzzer defines LLVMFuzzerRunDriver.
#include "fuzzer_driver.h"
