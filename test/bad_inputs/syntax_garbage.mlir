// Bad input: syntax garbage.
this is not IR at all
