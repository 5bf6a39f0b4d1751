//! The per-format row codecs: how each [`Format`] converts a row of texels to and
//! from its little-endian bytes (a typed format through its [`Texel`] impl, the
//! others per channel, one loop generic over the floats per texel), in one table
//! in variant order, checked against `format.rs` at compile time.

use super::binary16::{f16_to_f32, f32_to_f16, f32_to_f16_rtz};
use super::format::Format;
use super::texel::Texel;
use super::texel::sealed::Sealed;
use super::{
    B5g6r5Unorm, Bgr5a1Unorm, Bgra4Unorm, Bgra8Unorm, Bgra8UnormSrgb, Rg11b10Ufloat, Rgb9e5Ufloat,
    Rgb10a2Unorm, Rgba8Unorm, Rgba8UnormSrgb,
};
use crate::storage::{Snorm8, Snorm16, Unorm8, Unorm16};

/// How one format converts a row of texels to and from its little-endian bytes.
pub(super) trait Codec {
    /// The texel's bytes: an array of bytes (or of arrays of bytes), alignment 1.
    type Bytes: bytemuck::Pod;
    /// The texel's own channels, `[f32; N]` (or `f32`): `N` is the format's
    /// channel count.
    type Channels: bytemuck::Pod;
    /// `dst[i]`: the bytes of the texel `src[i]` (`[r, g, b, a]`).
    fn encode_row(src: &[[f32; 4]], dst: &mut [Self::Bytes]);
    /// `dst[i]`: the texel `[r, g, b, a]` of the bytes `src[i]`.
    fn decode_row(src: &[Self::Bytes], dst: &mut [[f32; 4]]);
    /// `dst[i]`: the bytes of the texel whose channels are `src[i]`.
    fn encode_channels(src: &[Self::Channels], dst: &mut [Self::Bytes]);
    /// `dst[i]`: the channels of the bytes `src[i]`.
    fn decode_channels(src: &[Self::Bytes], dst: &mut [Self::Channels]);
    /// [`encode_row`](Codec::encode_row) rounding toward zero where the format
    /// has that form (binary16, float11/float10); the same otherwise.
    fn encode_row_rtz(src: &[[f32; 4]], dst: &mut [Self::Bytes]) {
        Self::encode_row(src, dst);
    }
    /// [`encode_channels`](Codec::encode_channels) rounding toward zero, as
    /// [`encode_row_rtz`](Codec::encode_row_rtz).
    fn encode_channels_rtz(src: &[Self::Channels], dst: &mut [Self::Bytes]) {
        Self::encode_channels(src, dst);
    }
}

/// One channel of a format without a type: the storage formats and `f32`.
pub(super) trait Channel {
    /// The channel's little-endian bytes.
    type Bytes: bytemuck::Pod;
    /// The bytes of `x`.
    fn encode(x: f32) -> Self::Bytes;
    /// The bytes of `x` rounded toward zero where the channel has that form
    /// (binary16); [`encode`](Channel::encode) otherwise.
    fn encode_rtz(x: f32) -> Self::Bytes {
        Self::encode(x)
    }
    /// The value of these bytes.
    fn decode(bytes: Self::Bytes) -> f32;
}

/// The binary16 channel of the `*16Float` formats.
pub(super) struct Half;

impl Channel for Half {
    type Bytes = [u8; 2];
    #[inline]
    fn encode(x: f32) -> [u8; 2] {
        f32_to_f16(x).to_le_bytes()
    }
    #[inline]
    fn encode_rtz(x: f32) -> [u8; 2] {
        f32_to_f16_rtz(x).to_le_bytes()
    }
    #[inline]
    fn decode(bytes: [u8; 2]) -> f32 {
        f16_to_f32(u16::from_le_bytes(bytes))
    }
}

impl Channel for f32 {
    type Bytes = [u8; 4];
    #[inline]
    fn encode(x: f32) -> [u8; 4] {
        x.to_le_bytes()
    }
    #[inline]
    fn decode(bytes: [u8; 4]) -> f32 {
        f32::from_le_bytes(bytes)
    }
}

/// A storage format as a channel: its own conversion, little-endian.
macro_rules! storage_channel {
    ($T:ident, $($rest:tt)*) => {
        impl Channel for $T {
            type Bytes = [u8; size_of::<$T>()];
            #[inline]
            fn encode(x: f32) -> Self::Bytes {
                $T::from_f32(x).to_le_bytes()
            }
            #[inline]
            fn decode(bytes: Self::Bytes) -> f32 {
                $T::from_le_bytes(bytes).to_f32()
            }
        }
    };
}

crate::for_each_storage_format!(storage_channel);

/// `N` channels of `C`, in r, g, b, a order (the formats without a type).
pub(super) struct Planar<C, const N: usize>(core::marker::PhantomData<C>);

impl<C: Channel, const N: usize> Planar<C, N>
where
    [C::Bytes; N]: bytemuck::Pod,
{
    /// The one encode loop: texels of `M ≥ N` floats (`M` = 4 or `N`), the
    /// first `N` converted by `channel` (`C::encode` or `C::encode_rtz`), the
    /// others ignored.
    #[inline]
    fn encode<const M: usize>(
        src: &[[f32; M]],
        dst: &mut [[C::Bytes; N]],
        channel: fn(f32) -> C::Bytes,
    ) {
        const { assert!(N <= M) };
        let encode = |t: [f32; M]| core::array::from_fn(|i| channel(t[i]));
        crate::dispatch::map::<CHUNK, _, _>(src, dst, encode);
    }

    /// The one decode loop: texels of `M ≥ N` floats (`M` = 4 or `N`), the first
    /// `N` decoded, the others green 0, blue 0, alpha 1.
    #[inline]
    fn decode<const M: usize>(src: &[[C::Bytes; N]], dst: &mut [[f32; M]]) {
        const { assert!(N <= M && M <= 4) };
        let decode = |bytes: [C::Bytes; N]| {
            let mut t: [f32; M] = core::array::from_fn(|i| [0.0, 0.0, 0.0, 1.0][i]);
            for (x, b) in t.iter_mut().zip(bytes) {
                *x = C::decode(b);
            }
            t
        };
        crate::dispatch::map::<CHUNK, _, _>(src, dst, decode);
    }
}

impl<C: Channel, const N: usize> Codec for Planar<C, N>
where
    [C::Bytes; N]: bytemuck::Pod,
    [f32; N]: bytemuck::Pod,
{
    type Bytes = [C::Bytes; N];
    type Channels = [f32; N];
    fn encode_row(src: &[[f32; 4]], dst: &mut [Self::Bytes]) {
        Self::encode(src, dst, C::encode);
    }
    fn decode_row(src: &[Self::Bytes], dst: &mut [[f32; 4]]) {
        Self::decode(src, dst);
    }
    fn encode_channels(src: &[[f32; N]], dst: &mut [Self::Bytes]) {
        Self::encode(src, dst, C::encode);
    }
    fn decode_channels(src: &[Self::Bytes], dst: &mut [[f32; N]]) {
        Self::decode(src, dst);
    }
    fn encode_row_rtz(src: &[[f32; 4]], dst: &mut [Self::Bytes]) {
        Self::encode(src, dst, C::encode_rtz);
    }
    fn encode_channels_rtz(src: &[[f32; N]], dst: &mut [Self::Bytes]) {
        Self::encode(src, dst, C::encode_rtz);
    }
}

/// A typed format ([`Texel`]) as a codec: its own slice loops, on `[f32; 4]` or on
/// its own channels (its `encode_slice`'s element function).
pub(super) struct Typed<T>(core::marker::PhantomData<T>);

impl<T: Texel> Codec for Typed<T> {
    type Bytes = T::Bytes;
    type Channels = T::Channels;
    fn encode_row(src: &[[f32; 4]], dst: &mut [T::Bytes]) {
        T::encode_le_slice(src, dst, T::from_rgba);
    }
    fn decode_row(src: &[T::Bytes], dst: &mut [[f32; 4]]) {
        T::decode_le_slice(src, dst, T::to_rgba);
    }
    fn encode_channels(src: &[T::Channels], dst: &mut [T::Bytes]) {
        T::encode_le_slice(src, dst, T::from_channels);
    }
    fn decode_channels(src: &[T::Bytes], dst: &mut [T::Channels]) {
        T::decode_le_slice(src, dst, T::to_channels);
    }
}

/// `Rg11b10Ufloat`'s codec: [`Typed`]'s, and its round-toward-zero encoder.
pub(super) struct Rg11b10;

impl Codec for Rg11b10 {
    type Bytes = <Typed<Rg11b10Ufloat> as Codec>::Bytes;
    type Channels = [f32; 3];
    fn encode_row(src: &[[f32; 4]], dst: &mut [Self::Bytes]) {
        Typed::<Rg11b10Ufloat>::encode_row(src, dst);
    }
    fn decode_row(src: &[Self::Bytes], dst: &mut [[f32; 4]]) {
        Typed::<Rg11b10Ufloat>::decode_row(src, dst);
    }
    fn encode_channels(src: &[[f32; 3]], dst: &mut [Self::Bytes]) {
        Typed::<Rg11b10Ufloat>::encode_channels(src, dst);
    }
    fn decode_channels(src: &[Self::Bytes], dst: &mut [[f32; 3]]) {
        Typed::<Rg11b10Ufloat>::decode_channels(src, dst);
    }
    fn encode_row_rtz(src: &[[f32; 4]], dst: &mut [Self::Bytes]) {
        let rtz = |t: [f32; 4]| Rg11b10Ufloat::from_rgb_rtz([t[0], t[1], t[2]]);
        <Rg11b10Ufloat as Sealed>::encode_le_slice(src, dst, rtz);
    }
    fn encode_channels_rtz(src: &[[f32; 3]], dst: &mut [Self::Bytes]) {
        <Rg11b10Ufloat as Sealed>::encode_le_slice(src, dst, Rg11b10Ufloat::from_rgb_rtz);
    }
}

/// A format's row conversions, as [`CODECS`] stores them.
pub(super) struct RowCodec {
    /// The format (its index in [`CODECS`]).
    format: Format,
    /// The bytes of one texel.
    bytes: usize,
    /// The floats of one texel's own channels.
    floats: usize,
    /// Encodes a row: `src.len()` texels into `src.len() · bytes` bytes.
    pub(super) encode: fn(&[[f32; 4]], &mut [u8]),
    /// Decodes a row: `dst.len() · bytes` bytes into `dst.len()` texels.
    pub(super) decode: fn(&[u8], &mut [[f32; 4]]),
    /// Encodes a row of `src.len() / floats` texels, `floats` channels each.
    pub(super) encode_channels: fn(&[f32], &mut [u8]),
    /// `encode` and `encode_channels` rounding toward zero (binary16,
    /// float11/float10; the same as they elsewhere).
    pub(super) encode_rtz: fn(&[[f32; 4]], &mut [u8]),
    pub(super) encode_channels_rtz: fn(&[f32], &mut [u8]),
    /// Decodes a row into `dst.len() / floats` texels, `floats` channels each.
    pub(super) decode_channels: fn(&[u8], &mut [f32]),
}

/// The row conversions of `format` by codec `C`.
const fn codec<C: Codec>(format: Format) -> RowCodec {
    // The byte buffers may start anywhere; the channels are plain `f32`s.
    assert!(align_of::<C::Bytes>() == 1);
    assert!(align_of::<C::Channels>() == align_of::<f32>());
    RowCodec {
        format,
        bytes: size_of::<C::Bytes>(),
        floats: size_of::<C::Channels>() / size_of::<f32>(),
        encode: encode_row::<C>,
        decode: decode_row::<C>,
        encode_channels: encode_channel_row::<C>,
        decode_channels: decode_channel_row::<C>,
        encode_rtz: encode_row_rtz::<C>,
        encode_channels_rtz: encode_channel_row_rtz::<C>,
    }
}

/// Every format's codec, in the order of the variants; each codec's bytes per
/// texel and channels are the format table's (all checked at compile time). Here, not in the
/// format table, so that `format.rs` holds data only and depends on nothing:
/// `format` ← `texel` ← `rows` ← `mip`.
#[rustfmt::skip]
const CODECS: [RowCodec; Format::ALL.len()] = {
    use Format as F;
    let t = [
        codec::<Typed<Unorm8>>(F::R8Unorm),
        codec::<Typed<Snorm8>>(F::R8Snorm),
        codec::<Planar<Unorm8, 2>>(F::Rg8Unorm),
        codec::<Planar<Snorm8, 2>>(F::Rg8Snorm),
        codec::<Typed<Rgba8Unorm>>(F::Rgba8Unorm),
        codec::<Typed<Rgba8UnormSrgb>>(F::Rgba8UnormSrgb),
        codec::<Planar<Snorm8, 4>>(F::Rgba8Snorm),
        codec::<Typed<Bgra8Unorm>>(F::Bgra8Unorm),
        codec::<Typed<Bgra8UnormSrgb>>(F::Bgra8UnormSrgb),
        codec::<Typed<Unorm16>>(F::R16Unorm),
        codec::<Typed<Snorm16>>(F::R16Snorm),
        codec::<Planar<Unorm16, 2>>(F::Rg16Unorm),
        codec::<Planar<Snorm16, 2>>(F::Rg16Snorm),
        codec::<Planar<Unorm16, 4>>(F::Rgba16Unorm),
        codec::<Planar<Snorm16, 4>>(F::Rgba16Snorm),
        codec::<Planar<Half, 1>>(F::R16Float),
        codec::<Planar<Half, 2>>(F::Rg16Float),
        codec::<Planar<Half, 4>>(F::Rgba16Float),
        codec::<Planar<f32, 1>>(F::R32Float),
        codec::<Planar<f32, 2>>(F::Rg32Float),
        codec::<Planar<f32, 4>>(F::Rgba32Float),
        codec::<Typed<Rgb10a2Unorm>>(F::Rgb10a2Unorm),
        codec::<Rg11b10>(F::Rg11b10Ufloat),
        codec::<Typed<Rgb9e5Ufloat>>(F::Rgb9e5Ufloat),
        codec::<Typed<B5g6r5Unorm>>(F::B5g6r5Unorm),
        codec::<Typed<Bgr5a1Unorm>>(F::Bgr5a1Unorm),
        codec::<Typed<Bgra4Unorm>>(F::Bgra4Unorm),
    ];
    let mut i = 0;
    while i < t.len() {
        assert!(t[i].format as usize == i);
        assert!(t[i].bytes == Format::ALL[i].bytes_per_texel());
        assert!(t[i].floats == Format::ALL[i].channels());
        i += 1;
    }
    t
};

impl Format {
    /// This format's row conversions.
    #[inline]
    pub(super) const fn codec(self) -> &'static RowCodec {
        &CODECS[self as usize]
    }
}

/// Texels per step of the row loops of the formats without a type (see
/// `dispatch::map`).
const CHUNK: usize = 8;

/// One row of texels into bytes (`dst.len()` is `src.len()` texels' bytes).
fn encode_row<C: Codec>(src: &[[f32; 4]], dst: &mut [u8]) {
    C::encode_row(src, bytemuck::cast_slice_mut(dst));
}

/// [`encode_row`] rounding toward zero (where the format can).
fn encode_row_rtz<C: Codec>(src: &[[f32; 4]], dst: &mut [u8]) {
    C::encode_row_rtz(src, bytemuck::cast_slice_mut(dst));
}

/// [`encode_channel_row`] rounding toward zero (where the format can).
fn encode_channel_row_rtz<C: Codec>(src: &[f32], dst: &mut [u8]) {
    C::encode_channels_rtz(bytemuck::cast_slice(src), bytemuck::cast_slice_mut(dst));
}

/// One row of bytes into texels.
fn decode_row<C: Codec>(src: &[u8], dst: &mut [[f32; 4]]) {
    C::decode_row(bytemuck::cast_slice(src), dst);
}

/// One row of channels into bytes (`src.len()` is a multiple of the channels).
fn encode_channel_row<C: Codec>(src: &[f32], dst: &mut [u8]) {
    C::encode_channels(bytemuck::cast_slice(src), bytemuck::cast_slice_mut(dst));
}

/// One row of bytes into channels.
fn decode_channel_row<C: Codec>(src: &[u8], dst: &mut [f32]) {
    C::decode_channels(bytemuck::cast_slice(src), bytemuck::cast_slice_mut(dst));
}
