//! `texpack INPUT --format NAME [--mips] [--premultiplied] [--dx10] -o OUTPUT.dds|.ktx2`
//!
//! Reads a PNG, Radiance HDR or OpenEXR image, converts it to the format (its
//! wgpu name, as `normkey::texture::Format` parses it) and writes a DDS or KTX2
//! file, chosen by the output's extension. See `README.md` for the options.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use texpack::container::{dds, ktx2};
use texpack::{AlphaMode, Error, Format, Texture, codes};

const USAGE: &str =
    "usage: texpack INPUT --format NAME [--mips] [--premultiplied] [--dx10] -o OUTPUT.dds|.ktx2";

/// The parsed command line.
struct Args {
    /// The input image, or `None` with `--codes`.
    input: Option<PathBuf>,
    format: String,
    mips: bool,
    alpha: AlphaMode,
    dds_header: dds::Header,
    output: PathBuf,
}

fn parse(mut args: impl Iterator<Item = String>) -> Result<Args, String> {
    let (mut input, mut format, mut output) = (None, None, None);
    let (mut mips, mut codes, mut alpha, mut dds_header) =
        (false, false, AlphaMode::Straight, dds::Header::Auto);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--format" | "-f" => format = Some(args.next().ok_or("--format needs a name")?),
            "-o" | "--output" => {
                output = Some(PathBuf::from(args.next().ok_or("-o needs a path")?))
            }
            "--mips" => mips = true,
            "--premultiplied" => alpha = AlphaMode::Premultiplied,
            "--dx10" => dds_header = dds::Header::Dx10,
            // Hidden: the CI readers stage's code images (see `texpack::codes`).
            "--codes" => codes = true,
            "-h" | "--help" => return Err(String::new()),
            flag if flag.starts_with('-') => return Err(format!("unknown option {flag}")),
            _ if input.is_none() => input = Some(PathBuf::from(arg)),
            _ => return Err(format!("unexpected argument {arg}")),
        }
    }
    if codes == input.is_some() {
        return Err("give one INPUT".into());
    }
    Ok(Args {
        input,
        format: format.ok_or("--format NAME is required")?,
        mips,
        alpha,
        dds_header,
        output: output.ok_or("-o OUTPUT is required")?,
    })
}

fn run(args: &Args) -> Result<(), Error> {
    let format: Format = args.format.parse().map_err(Error::UnknownFormat)?;
    let texture = match &args.input {
        Some(path) => {
            let (texels, width, height) = texpack::read_image(path)?;
            Texture::pack(&texels, width, height, format, args.mips, args.alpha)?
        }
        None => code_image(format, &args.output)?,
    };
    let file = match extension(&args.output).as_deref() {
        Some("dds") => dds::write(&texture, args.dds_header)?,
        Some("ktx2") => ktx2::write(&texture)?,
        _ => {
            let e = std::io::Error::other("the output must end in .dds or .ktx2");
            return Err(Error::Output(e));
        }
    };
    std::fs::write(&args.output, file).map_err(Error::Output)
}

/// `--codes`: the format's code image (one level), and normkey's decode of it
/// beside the output (`OUTPUT.rgba32f`: `[f32; 4]` per texel, little-endian).
fn code_image(format: Format, output: &Path) -> Result<Texture, Error> {
    let (bytes, height) = codes::codes(format);
    let mut decoded = vec![[0.0f32; 4]; codes::WIDTH * height];
    let pitch = codes::WIDTH * format.bytes_per_texel();
    format.decode_rows(&bytes, pitch, codes::WIDTH, height, &mut decoded)?;
    let floats: Vec<u8> = decoded
        .iter()
        .flatten()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    let mut path = output.as_os_str().to_owned();
    path.push(".rgba32f");
    std::fs::write(path, floats).map_err(Error::Output)?;
    let height = u32::try_from(height).map_err(|_| Error::TooLarge)?;
    Ok(Texture {
        format,
        width: codes::WIDTH as u32,
        height,
        levels: vec![bytes],
        alpha: AlphaMode::Straight,
    })
}

fn extension(path: &Path) -> Option<String> {
    Some(path.extension()?.to_str()?.to_ascii_lowercase())
}

fn main() -> ExitCode {
    let args = match parse(std::env::args().skip(1)) {
        Ok(args) => args,
        Err(message) => {
            if !message.is_empty() {
                eprintln!("texpack: {message}");
            }
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("texpack: {e}");
            ExitCode::FAILURE
        }
    }
}
