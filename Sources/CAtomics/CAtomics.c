// Every function of this module is `static inline` in its header, for Swift to inline; SwiftPM builds a
// C target from at least one source file, and this is it.
#include "CAtomics.h"
