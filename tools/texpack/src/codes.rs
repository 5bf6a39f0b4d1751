//! The code images the CI readers stage reads back (`texpack --codes`): for each
//! format, one level whose texels sweep its code space, written directly as bytes
//! (no encoding), 256 texels per row.
//!
//! - Texels of 1 or 2 bytes (`r8*`, `rg8*`, `r16*`, the 16-bit packed formats):
//!   every texel value, `0..2^(8·bytes)`, in order: every code exactly once.
//! - `rgb10a2unorm`, `rg11b10ufloat`, `rgb9e5ufloat` (2^32 codes: too many for a
//!   file): 65 536 texels in which field `k` of `w` bits holds `(i·(2k+1) + k) mod
//!   2^w` for texel `i`, except a last field of 2 or 5 bits (alpha, the shared
//!   exponent), which holds the top bits of `i`: every code of every channel, and
//!   for RGB9E5 every (mantissa, exponent) pair of every channel.
//! - Other formats (channels of 8, 16 or 32 bits in 4 to 16-byte texels): 65 536
//!   texels, channel `k` holding `(i·(2k+1) + k) mod 2^16` (its low byte for 8-bit
//!   channels, its two halves side by side for `f32`): every code of every 8- and
//!   16-bit channel; for `f32` a sample of 65 536 patterns with every sign and
//!   exponent, NaNs and subnormals included.

use crate::Format;

/// Texels per row of a code image.
pub const WIDTH: u32 = 256;

/// The texels of `format`'s code image, as little-endian bytes, and its height.
#[must_use]
pub fn codes(format: Format) -> (Vec<u8>, usize) {
    let bpt = format.bytes_per_texel();
    let count: u32 = if bpt <= 2 { 1 << (8 * bpt) } else { 1 << 16 };
    let sweep = |i: u32, k: u32| i * (2 * k + 1) + k;
    let fields: &[u32] = match format {
        Format::Rgb10a2Unorm => &[10, 10, 10, 2],
        Format::Rg11b10Ufloat => &[11, 11, 10],
        Format::Rgb9e5Ufloat => &[9, 9, 9, 5],
        _ => &[],
    };
    let mut out = Vec::with_capacity(count as usize * bpt);
    for i in 0..count {
        if bpt <= 2 {
            out.extend_from_slice(&i.to_le_bytes()[..bpt]);
        } else if !fields.is_empty() {
            let mut word = 0u32;
            let mut shift = 0;
            for (k, &w) in (0u32..).zip(fields) {
                let value = if k == 3 { i >> (16 - w) } else { sweep(i, k) };
                word |= (value & ((1 << w) - 1)) << shift;
                shift += w;
            }
            out.extend_from_slice(&word.to_le_bytes());
        } else {
            let channel_bytes = bpt / format.channels();
            for k in (0u32..).take(format.channels()) {
                let code = sweep(i, k) & 0xFFFF;
                // 8 bits: the low byte; 16: the low two; 32: both halves the code.
                let word = if channel_bytes == 4 {
                    code * 0x1_0001
                } else {
                    code
                };
                out.extend_from_slice(&word.to_le_bytes()[..channel_bytes]);
            }
        }
    }
    (out, (count / WIDTH) as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_coverage() {
        for format in Format::ALL {
            let (bytes, height) = codes(format);
            assert_eq!(
                bytes.len(),
                WIDTH as usize * height * format.bytes_per_texel(),
                "{format}"
            );
        }
        // Every (mantissa, exponent) pair of red in RGB9E5.
        let (bytes, _) = codes(Format::Rgb9e5Ufloat);
        let mut seen = vec![false; 1 << 14];
        for t in bytes.chunks_exact(4) {
            let w = u32::from_le_bytes(t.try_into().unwrap());
            seen[((w >> 27) << 9 | (w & 511)) as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
        // Every 8-bit code of rgba8's alpha.
        let (bytes, _) = codes(Format::Rgba8Unorm);
        let mut alpha = [false; 256];
        bytes
            .chunks_exact(4)
            .for_each(|t| alpha[t[3] as usize] = true);
        assert!(alpha.iter().all(|&s| s));
    }
}
