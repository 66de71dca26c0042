// placeholder while bootstrapping
