//! `texpack INPUT --format NAME [--mips] [--premultiplied] [--dx10] -o OUTPUT.dds|.ktx2`
//!
//! Reads a PNG, Radiance HDR or `OpenEXR` image, converts it to the format (its
//! wgpu name, as `normkey::texture::Format` parses it) and writes a DDS or KTX2
//! file, chosen by the output's extension. See `README.md` for the options.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use texpack::{AlphaMode, Error, Format, ImageLayout, Texture, TextureDesc, codes, dds, ktx2};

const USAGE: &str =
    "usage: texpack INPUT --format NAME [--mips] [--premultiplied] [--dx10] -o OUTPUT.dds|.ktx2";

/// The parsed command line.
struct Args {
    input: PathBuf,
    format: String,
    mips: bool,
    alpha: AlphaMode,
    dds_header: dds::Header,
    output: PathBuf,
}

fn parse(mut args: impl Iterator<Item = String>) -> Result<Args, String> {
    let (mut input, mut format, mut output) = (None, None, None);
    let (mut mips, mut alpha, mut dds_header) = (false, AlphaMode::Straight, dds::Header::Auto);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--format" | "-f" => format = Some(args.next().ok_or("--format needs a name")?),
            "-o" | "--output" => {
                output = Some(PathBuf::from(args.next().ok_or("-o needs a path")?));
            }
            "--mips" => mips = true,
            "--premultiplied" => alpha = AlphaMode::Premultiplied,
            "--dx10" => dds_header = dds::Header::Dx10,
            "-h" | "--help" => return Err(String::new()),
            flag if flag.starts_with('-') => return Err(format!("unknown option {flag}")),
            _ if input.is_none() => input = Some(PathBuf::from(arg)),
            _ => return Err(format!("unexpected argument {arg}")),
        }
    }
    Ok(Args {
        input: input.ok_or("INPUT is required")?,
        format: format.ok_or("--format NAME is required")?,
        mips,
        alpha,
        dds_header,
        output: output.ok_or("-o OUTPUT is required")?,
    })
}

fn run(args: &Args) -> Result<(), Error> {
    let format: Format = args.format.parse().map_err(Error::UnknownFormat)?;
    let is_dds = match extension(&args.output).as_deref() {
        Some("dds") => true,
        Some("ktx2") => false,
        _ => return Err(Error::OutputKind(args.output.clone())),
    };
    let (texels, width, height) = texpack::read_image(&args.input)?;
    let texture = Texture::pack(&texels, width, height, format, args.mips, args.alpha)?;
    let (desc, data) = (&texture.desc, &texture.data);
    let file = if is_dds {
        dds::to_vec(desc, data, args.dds_header)?
    } else {
        ktx2::to_vec(desc, data)?
    };
    std::fs::write(&args.output, file).map_err(Error::Output)
}

/// `texpack --codes DIR` (hidden; the CI readers stage): for every format NAME,
/// its code image (see [`codes`]) as `DIR/NAME.dds` (the default header) and
/// `DIR/NAME.ktx2`, and normkey's decode of it as `DIR/NAME.rgba32f` (`[f32; 4]`
/// per texel, little-endian).
fn code_images(dir: &Path) -> Result<(), Error> {
    std::fs::create_dir_all(dir).map_err(Error::Output)?;
    for format in Format::ALL {
        let (bytes, height) = codes::codes(format);
        let mut decoded = vec![[0.0f32; 4]; codes::WIDTH as usize * height];
        let pitch = codes::WIDTH as usize * format.bytes_per_texel();
        format.decode_rows(
            &bytes,
            ImageLayout::new(codes::WIDTH as usize, height, pitch),
            &mut decoded,
        )?;
        let floats: Vec<u8> = decoded
            .iter()
            .flatten()
            .flat_map(|v| v.to_le_bytes())
            .collect();
        let desc = TextureDesc::new(format, codes::WIDTH as usize, height);
        let name = format.name();
        let files = [
            ("rgba32f", floats),
            ("dds", dds::to_vec(&desc, &bytes, dds::Header::Auto)?),
            ("ktx2", ktx2::to_vec(&desc, &bytes)?),
        ];
        for (extension, bytes) in files {
            std::fs::write(dir.join(format!("{name}.{extension}")), bytes)
                .map_err(Error::Output)?;
        }
    }
    Ok(())
}

fn extension(path: &Path) -> Option<String> {
    Some(path.extension()?.to_str()?.to_ascii_lowercase())
}

fn main() -> ExitCode {
    let mut command_line = std::env::args().skip(1).peekable();
    if command_line.peek().map(String::as_str) == Some("--codes") {
        let Some(dir) = command_line.nth(1) else {
            eprintln!("usage: texpack --codes DIR");
            return ExitCode::from(2);
        };
        return match code_images(Path::new(&dir)) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("texpack: {e}");
                ExitCode::FAILURE
            }
        };
    }
    let args = match parse(command_line) {
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
