"""The twmj HTTP service: stateless JSON endpoints over the `twmj` package, and the web page."""
