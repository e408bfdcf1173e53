#ifndef FEEDLINE_CCURLHANDLES_H
#define FEEDLINE_CCURLHANDLES_H

/// Parsed URLs (libcurl's `CURLU` handles) that this process freed the
/// right way after FoundationNetworking let them go the wrong way
/// (CurlURLHandles.c says why). 0 when the toolchain frees them itself,
/// or when the three functions are not exported (a link without
/// Package.swift's flags).
long feedline_curl_handles_cleaned(void);

#endif
