//! PLACEHOLDER while the trace is being written; replaced before commit.
