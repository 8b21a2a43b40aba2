// Intentionally empty: this package is a workspace member so the layout is fixed from the start;
// its contents arrive with the issue that builds it (see README.md).
export {};
