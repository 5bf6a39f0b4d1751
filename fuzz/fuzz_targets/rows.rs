//! `Format::encode_rows` / `Format::decode_rows` and their channel forms
//! `encode_channel_rows` / `decode_channel_rows` on arbitrary layouts (any format
//! of `Format::ALL`, width, height, pitch, buffer length and start offset, valid or
//! not) and arbitrary texels: a bad layout must be an error that touches nothing
//! (checked against a `u128` model), a good one must write exactly the rows (padding
//! untouched), each texel as the 1×1 conversion of that texel, and decode them back
//! as the 1×1 decode does, without reading the padding. The channel forms must
//! accept and refuse the same layouts (with `channels()` floats per texel, or one
//! float short), write the same bytes and decode the same channels, bit for bit.
#![no_main]

use libfuzzer_sys::fuzz_target;
use normkey::texture::{AlphaMode, Format, ImageLayout, NanPolicy, downsample_f32, mip_size};

/// The row bytes of a valid layout, or `None`; the `f32` side holds `elements`,
/// `per` of them a texel.
fn model(
    f: Format,
    (elements, per): (usize, usize),
    w: usize,
    h: usize,
    len: usize,
    pitch: usize,
) -> Option<usize> {
    let (w, h, p, b) = (
        w as u128,
        h as u128,
        pitch as u128,
        f.bytes_per_texel() as u128,
    );
    let row = w * b;
    let needed = if h == 0 {
        0
    } else {
        ((h - 1) * p).checked_add(row)?
    };
    let fits = |x: u128| x <= usize::MAX as u128;
    let count = (w * h).checked_mul(per as u128).filter(|&c| fits(c));
    let ok = count == Some(elements as u128) && fits(row) && p >= row && fits(needed);
    (ok && len as u128 >= needed).then_some(row as usize)
}

/// A size from two bytes: mostly small, sometimes huge.
fn size(b: [u8; 2]) -> usize {
    match b[0] >> 6 {
        0 => usize::MAX - usize::from(b[1]),
        1 => usize::MAX / (usize::from(b[1]) + 1),
        _ => usize::from(b[1] % 24),
    }
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 12 {
        return;
    }
    let (head, rest) = data.split_at(12);
    let f = Format::ALL[usize::from(head[0]) % Format::ALL.len()];
    let (width, height) = (size([head[1], head[2]]), size([head[3], head[4]]));
    let bpt = f.bytes_per_texel();
    // The pitch: the row plus some padding, or anything.
    let pitch = if head[5] & 0x80 == 0 {
        width
            .saturating_mul(bpt)
            .saturating_add(usize::from(head[5] & 7))
    } else {
        size([head[6], head[7]])
    };
    let offset = usize::from(head[8] & 3);
    let extra = usize::from(head[9]);
    let texels: Vec<[f32; 4]> = rest
        .chunks_exact(16)
        .map(|c| {
            core::array::from_fn(|i| f32::from_le_bytes(c[4 * i..4 * i + 4].try_into().unwrap()))
        })
        .collect();
    // The f32 side: width × height texels when they fit in the input, else what there is.
    let count = width
        .checked_mul(height)
        .filter(|&n| n <= texels.len())
        .unwrap_or(texels.len());
    let src = &texels[..count];
    // The byte side: what the layout needs plus some spare bytes, or a little less,
    // or (for a layout that cannot fit) anything small.
    let needed = model(f, (count, 1), width, height, usize::MAX, pitch)
        .map(|row| height.saturating_sub(1) * pitch + row)
        .filter(|&n| n <= 1 << 16);
    let len = match needed {
        Some(n) if head[11] & 1 == 0 => n + extra % 8,
        Some(n) => n.saturating_sub(1 + extra % 4),
        None => usize::from(head[10]),
    };
    let mut buf = vec![0xA5u8; offset + len];
    let layout = ImageLayout::new(width, height, pitch);
    let want = model(f, (count, 1), width, height, len, pitch);
    let got = f.encode_rows(src, &mut buf[offset..], layout);
    assert_eq!(
        got.is_ok(),
        want.is_some(),
        "{f} {width}x{height} pitch {pitch} len {len}: {got:?}"
    );
    let mut back = vec![[f32::NAN; 4]; count];
    let got_back = f.decode_rows(&buf[offset..], layout, &mut back);
    assert_eq!(got_back.is_ok(), want.is_some());
    // The channel forms on the same layout: the first `channels()` floats of each
    // texel (or one float short).
    let n = f.channels();
    let mut floats: Vec<f32> = src.iter().flat_map(|t| t[..n].to_vec()).collect();
    if head[11] & 2 != 0 {
        floats.pop();
    }
    let want_n = model(f, (floats.len(), n), width, height, len, pitch);
    let mut buf_n = vec![0xA5u8; offset + len];
    let got = f.encode_channel_rows(&floats, &mut buf_n[offset..], layout);
    assert_eq!(got.is_ok(), want_n.is_some(), "{f} {layout:?} {got:?}");
    let mut back_n = vec![f32::NAN; floats.len()];
    let got = f.decode_channel_rows(&buf[offset..], layout, &mut back_n);
    assert_eq!(got.is_ok(), want_n.is_some(), "{f} {layout:?} {got:?}");
    if want_n.is_some() {
        assert_eq!(buf_n, buf, "{f}: channel rows");
        for (d, t) in back_n.chunks_exact(n).zip(&back) {
            let bits = |x: &[f32]| x.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
            assert_eq!(bits(d), bits(&t[..n]), "{f}: channel decode");
        }
    } else {
        assert!(buf_n.iter().all(|&b| b == 0xA5));
        assert!(back_n.iter().all(|x| x.is_nan()));
    }
    // `downsample_f32` on the `f32` side, rows `width` texels (16 bytes each)
    // apart: the next level or an error, never a panic.
    let (dw, dh) = (mip_size(width), mip_size(height));
    let mut next = vec![[0.0f32; 4]; dw.saturating_mul(dh).min(1 << 12)];
    let fits = |w: usize, h: usize, len: usize| {
        w.checked_mul(16).is_some() && w.checked_mul(h).is_some_and(|n| n <= len)
    };
    let (s, d) = (
        ImageLayout::new(width, height, width.saturating_mul(16)),
        ImageLayout::new(dw, dh, dw.saturating_mul(16)),
    );
    let nan = if head[11] & 4 == 0 {
        NanPolicy::Skip
    } else {
        NanPolicy::Propagate
    };
    let got = downsample_f32(src, s, &mut next, d, AlphaMode::Straight, nan);
    assert_eq!(
        got.is_ok(),
        fits(width, height, src.len()) && fits(dw, dh, next.len()),
        "downsample_f32 {s:?} {d:?}: {got:?}"
    );
    let Some(row) = want else {
        assert!(buf.iter().all(|&b| b == 0xA5));
        assert!(back.iter().all(|t| t.iter().all(|x| x.is_nan())));
        return;
    };
    let mut written = vec![false; buf.len()];
    // With width 0 there is nothing to write, however many rows (height ≤ count
    // otherwise).
    for y in 0..if width == 0 { 0 } else { height } {
        let start = offset + y * pitch;
        written[start..start + row].fill(true);
        for x in 0..width {
            let at = start + x * bpt;
            let mut one = [0u8; 16];
            f.encode_rows(
                &src[y * width + x..][..1],
                &mut one[..bpt],
                ImageLayout::new(1, 1, bpt),
            )
            .unwrap();
            assert_eq!(buf[at..at + bpt], one[..bpt], "{f} texel ({x}, {y})");
            let mut d = [[0.0f32; 4]];
            f.decode_rows(&one[..bpt], ImageLayout::new(1, 1, bpt), &mut d)
                .unwrap();
            assert_eq!(
                back[y * width + x].map(f32::to_bits),
                d[0].map(f32::to_bits)
            );
        }
    }
    assert!(
        buf.iter().zip(&written).all(|(&b, &w)| w || b == 0xA5),
        "{f}: padding written"
    );
});
