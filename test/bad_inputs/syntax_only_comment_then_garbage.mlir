// Bad input: a comment-only file followed by a lone '%'.
// nothing here
%

