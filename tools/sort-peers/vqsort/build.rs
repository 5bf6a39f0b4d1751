//! Compiles the shim over Highway's `hwy::Sorter` (libhwy-contrib, which
//! dispatches at run time) and links the system's Highway.

fn main() {
    println!("cargo:rerun-if-changed=src/shim.cpp");
    cc::Build::new()
        .cpp(true)
        .file("src/shim.cpp")
        .flag("-std=c++17")
        .compile("vqsort_shim");
    println!("cargo:rustc-link-lib=dylib=hwy_contrib");
    println!("cargo:rustc-link-lib=dylib=hwy");
}
