//! Computes the core's wait tables at compile time for the WebAssembly build, which ships them
//! inside the module (`install_tables` in src/lib.rs): a first `waits` in Node then reads them
//! instead of building them, which took most of the first use's 300 ms budget (issue 27
//! item 5). The tables come from twmj-core itself (a build dependency, run on the host), so
//! they are the ones the core would build; other targets get an empty file and build them on
//! first need as before.

use std::path::PathBuf;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    println!("cargo:rerun-if-changed=build.rs");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").ok_or("cargo sets OUT_DIR")?);
    let wasm = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|a| a == "wasm32");
    let bytes = if wasm {
        twmj_core::tables::wait_tables_bytes()
    } else {
        Vec::new()
    };
    std::fs::write(out.join("wait_tables.bin"), bytes)?;
    Ok(())
}
