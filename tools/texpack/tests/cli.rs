//! The `texpack` command end to end: PNG, Radiance HDR and `OpenEXR` inputs (written
//! here with `image`'s encoders) into DDS and KTX2, and its errors (no panics).

// Test sizes and values are small: the casts are exact.
#![allow(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    clippy::cast_precision_loss
)]

use std::path::PathBuf;
use std::process::{Command, Output};

use texpack::{Format, ImageLayout};

fn dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("texpack-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn texpack(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_texpack"))
        .args(args)
        .output()
        .unwrap()
}

fn word(file: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(file[at..at + 4].try_into().unwrap())
}

#[test]
fn png_keeps_its_bytes_and_gets_mips() {
    let d = dir();
    let bytes: Vec<u8> = (0..5 * 3 * 4).map(|i| (i * 37 % 256) as u8).collect();
    let png = d.join("in.png");
    image::RgbaImage::from_raw(5, 3, bytes.clone())
        .unwrap()
        .save(&png)
        .unwrap();
    let out = d.join("out.dds");
    let run = texpack(&[
        png.to_str().unwrap(),
        "--format",
        "rgba8unorm",
        "--mips",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let file = std::fs::read(&out).unwrap();
    assert_eq!(word(&file, 28), 3); // 5×3, 2×1, 1×1
    assert_eq!(word(&file, 128), 28); // DXGI_FORMAT_R8G8B8A8_UNORM
    assert_eq!(&file[148..148 + 60], &bytes[..]);
    assert_eq!(file.len(), 148 + 4 * (15 + 2 + 1));
}

#[test]
fn exr_keeps_every_f32_bit_and_hdr_packs_exactly() {
    let d = dir();
    let values = [0.0, -0.0, 1e-40, 65504.0, 3.25, -7.5, 1e30, 0.1];
    let texels: Vec<f32> = values.iter().flat_map(|&v| [v, -v, v * 0.5, 1.0]).collect();
    let exr = d.join("in.exr");
    image::Rgba32FImage::from_raw(4, 2, texels.clone())
        .unwrap()
        .save(&exr)
        .unwrap();
    let out = d.join("out.ktx2");
    let run = texpack(&[
        exr.to_str().unwrap(),
        "-f",
        "rgba32float",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let file = std::fs::read(&out).unwrap();
    let offset = u64::from_le_bytes(file[80..88].try_into().unwrap()) as usize;
    let stored: Vec<u32> = (0..32).map(|i| word(&file, offset + 4 * i)).collect();
    assert_eq!(
        stored,
        texels.iter().map(|v| v.to_bits()).collect::<Vec<_>>()
    );

    // Radiance HDR (RGBE, so the values are those the file holds) to RGB9E5:
    // normkey's encoding of what `image` reads back.
    let rgb: Vec<f32> = (0..12)
        .flat_map(|i| [i as f32 * 0.37, 1.0 / (i + 1) as f32, 100.0])
        .collect();
    let hdr = d.join("in.hdr");
    image::Rgb32FImage::from_raw(4, 3, rgb)
        .unwrap()
        .save(&hdr)
        .unwrap();
    let out = d.join("hdr.dds");
    let run = texpack(&[
        hdr.to_str().unwrap(),
        "--format",
        "rgb9e5ufloat",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let (read, w, h) = texpack::read_image(&hdr).unwrap();
    let mut want = vec![0u8; 4 * 12];
    Format::Rgb9e5Ufloat
        .encode_rows(&read, &mut want, ImageLayout::new(w, h, 16))
        .unwrap();
    assert_eq!(&std::fs::read(&out).unwrap()[148..], &want[..]);
}

#[test]
fn errors_are_messages_not_panics() {
    let d = dir();
    let png = d.join("errors.png");
    image::RgbaImage::new(2, 2).save(&png).unwrap();
    let png = png.to_str().unwrap();
    let out = d.join("e.dds");
    let out = out.to_str().unwrap();
    let garbage = d.join("garbage.png");
    std::fs::write(&garbage, b"not a png").unwrap();
    let cases: [(&[&str], i32, &str); 6] = [
        (
            &[png, "--format", "rgba9", "-o", out],
            1,
            "expected one of: r8unorm, r8snorm,",
        ),
        (
            &["missing.png", "--format", "r8unorm", "-o", out],
            1,
            "cannot read missing.png",
        ),
        (
            &[garbage.to_str().unwrap(), "--format", "r8unorm", "-o", out],
            1,
            "cannot read",
        ),
        (
            &[png, "--format", "r8unorm", "-o", "out.png"],
            1,
            "name it .dds or .ktx2",
        ),
        (&[png, "-o", out], 2, "--format NAME is required"),
        (
            &[png, "--format", "r8unorm", "-o", out, "--bogus"],
            2,
            "unknown option --bogus",
        ),
    ];
    for (args, code, message) in cases {
        let run = texpack(args);
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(code), "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}
