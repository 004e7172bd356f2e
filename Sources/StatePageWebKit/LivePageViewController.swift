#if canImport(WebKit)
import WebKit
#endif
