//! The two containers, written by hand from their specifications: [`dds`]
//! (Microsoft's `DDS_HEADER` and `DDS_HEADER_DXT10`) and [`ktx2`] (Khronos KTX 2.0,
//! with a basic data format descriptor). Both store every level's rows tightly
//! packed and little-endian, as [`Texture`](crate::Texture) holds them.

pub mod dds;
pub mod ktx2;

/// Appends `v` as 4 little-endian bytes.
fn put_u32(out: &mut Vec<u8>, v: u32) {
    out.extend_from_slice(&v.to_le_bytes());
}

/// Appends `v` as 8 little-endian bytes.
fn put_u64(out: &mut Vec<u8>, v: u64) {
    out.extend_from_slice(&v.to_le_bytes());
}
