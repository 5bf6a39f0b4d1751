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

/// The fixtures of both containers' header tests.
#[cfg(test)]
mod test_support {
    use crate::{AlphaMode, Format, Texture};

    /// The little-endian `u32` at byte `at`.
    pub(super) fn word(file: &[u8], at: usize) -> u32 {
        u32::from_le_bytes(file[at..at + 4].try_into().unwrap())
    }

    /// A texture of `levels` levels (a few), level `i` filled with the byte `i + 1`.
    #[allow(clippy::cast_possible_truncation)] // a few levels, small sizes
    pub(super) fn texture(format: Format, width: u32, height: u32, levels: usize) -> Texture {
        let bpt = format.bytes_per_texel();
        let levels = (0..levels)
            .map(|i| vec![i as u8 + 1; ((width >> i).max(1) * (height >> i).max(1)) as usize * bpt])
            .collect();
        Texture {
            format,
            width,
            height,
            levels,
            alpha: AlphaMode::Straight,
        }
    }
}
