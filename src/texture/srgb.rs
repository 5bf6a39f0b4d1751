//! `Srgb8`: one 8-bit sRGB channel, exact both ways, by table.
//!
//! The algorithm is described in the `texture` module docs ("`Srgb8`: thresholds
//! and buckets").

/// 2⁻¹³ as bits: the start of the first bucket. Every `f32` below it encodes to 0.
const LO_BITS: u32 = 0x3900_0000;

/// The index of the bucket of 1.0, the last one: 13 octaves of 128 buckets.
const LAST: u32 = (0x3f80_0000 - LO_BITS) >> 16;

/// The smallest `f32` of each code 1 to 255, in order: generated from the
/// reference and checked against it by the test suite.
#[rustfmt::skip]
#[allow(clippy::unreadable_literal)] // generated: as the test prints it
const THRESHOLDS: [f32; 255] = [
    0.0001517635, 0.0004552905, 0.0007588175, 0.0010623445, 0.0013658715, 0.0016693985, 0.0019729256, 0.0022764525,
    0.0025799794, 0.0028835065, 0.003188301, 0.0035092595, 0.003848315, 0.0042057484, 0.004581833, 0.0049768374,
    0.0053910245, 0.005824651, 0.0062779696, 0.0067512277, 0.0072446684, 0.007758531, 0.0082930485, 0.008848454,
    0.009424971, 0.0100228265, 0.010642237, 0.011283422, 0.0119465925, 0.01263196, 0.013339732, 0.014070112,
    0.014823304, 0.015599503, 0.01639891, 0.017221717, 0.018068116, 0.018938296, 0.019832443, 0.020750746,
    0.021693384, 0.022660539, 0.023652392, 0.024669116, 0.025710888, 0.026777884, 0.027870271, 0.028988222,
    0.030131903, 0.031301484, 0.032497123, 0.03371899, 0.034967244, 0.036242045, 0.037543554, 0.03887193,
    0.04022732, 0.04160989, 0.043019786, 0.044457164, 0.045922175, 0.047414966, 0.04893569, 0.050484486,
    0.05206151, 0.0536669, 0.055300802, 0.05696336, 0.058654718, 0.060375012, 0.062124386, 0.063902974,
    0.06571092, 0.06754836, 0.06941541, 0.07131224, 0.07323896, 0.07519571, 0.07718262, 0.07919982,
    0.08124745, 0.083325624, 0.08543449, 0.08757416, 0.08974477, 0.091946445, 0.0941793, 0.09644348,
    0.098739095, 0.10106628, 0.10342514, 0.105815805, 0.10823841, 0.11069305, 0.11317987, 0.11569897,
    0.11825049, 0.12083452, 0.1234512, 0.12610064, 0.12878296, 0.13149826, 0.13424668, 0.1370283,
    0.13984329, 0.14269169, 0.14557366, 0.14848931, 0.15143874, 0.15442206, 0.1574394, 0.16049084,
    0.1635765, 0.1666965, 0.16985095, 0.17303993, 0.17626357, 0.17952198, 0.18281525, 0.1861435,
    0.18950684, 0.19290535, 0.19633916, 0.19980836, 0.20331305, 0.20685335, 0.21042934, 0.21404114,
    0.21768886, 0.22137257, 0.2250924, 0.22884843, 0.23264077, 0.23646952, 0.24033478, 0.24423665,
    0.24817522, 0.2521506, 0.25616285, 0.26021212, 0.2642985, 0.26842204, 0.2725829, 0.2767811,
    0.28101683, 0.2852901, 0.28960103, 0.29394975, 0.2983363, 0.3027608, 0.30722338, 0.31172407,
    0.31626296, 0.3208402, 0.32545584, 0.33011, 0.33480275, 0.3395342, 0.34430438, 0.34911346,
    0.3539615, 0.35884857, 0.3637748, 0.36874023, 0.373745, 0.37878916, 0.38387278, 0.388996,
    0.3941589, 0.39936155, 0.40460402, 0.40988642, 0.41520885, 0.42057136, 0.42597407, 0.43141705,
    0.43690038, 0.44242412, 0.44798842, 0.45359334, 0.45923892, 0.46492532, 0.47065255, 0.47642073,
    0.48222995, 0.48808026, 0.49397177, 0.49990457, 0.50587875, 0.51189435, 0.5179514, 0.5240502,
    0.5301906, 0.5363727, 0.54259676, 0.5488627, 0.55517066, 0.5615207, 0.56791294, 0.5743474,
    0.58082414, 0.58734334, 0.59390503, 0.6005093, 0.60715616, 0.61384577, 0.62057817, 0.6273534,
    0.63417166, 0.64103293, 0.6479373, 0.6548849, 0.66187567, 0.66890985, 0.6759874, 0.68310845,
    0.6902731, 0.6974814, 0.7047334, 0.71202916, 0.7193689, 0.72675246, 0.7341801, 0.74165183,
    0.74916774, 0.7567279, 0.7643323, 0.7719812, 0.7796745, 0.78741235, 0.7951948, 0.8030219,
    0.81089383, 0.8188106, 0.8267722, 0.83477885, 0.84283054, 0.8509273, 0.8590693, 0.8672565,
    0.8754891, 0.8837671, 0.89209056, 0.9004596, 0.9088742, 0.91733456, 0.9258407, 0.9343926,
    0.9429904, 0.9516342, 0.96032405, 0.96906, 0.97784215, 0.98667055, 0.99554527,
];

/// The `f32` nearest to the linear value of each code: generated from the
/// reference and checked against it by the test suite.
#[rustfmt::skip]
#[allow(clippy::unreadable_literal)] // generated: as the test prints it
const DECODE: [f32; 256] = [
    0.0, 0.000303527, 0.000607054, 0.000910581, 0.001214108, 0.001517635, 0.001821162, 0.0021246888,
    0.002428216, 0.0027317428, 0.00303527, 0.0033465358, 0.0036765074, 0.004024717, 0.004391442, 0.0047769533,
    0.0051815165, 0.0056053917, 0.006048833, 0.0065120906, 0.00699541, 0.007499032, 0.008023193, 0.008568126,
    0.009134059, 0.009721218, 0.010329823, 0.010960094, 0.011612245, 0.012286488, 0.0129830325, 0.013702083,
    0.014443844, 0.015208514, 0.015996294, 0.016807375, 0.017641954, 0.01850022, 0.019382361, 0.020288562,
    0.02121901, 0.022173885, 0.023153367, 0.024157632, 0.02518686, 0.026241222, 0.027320892, 0.02842604,
    0.029556835, 0.030713445, 0.031896032, 0.033104766, 0.034339808, 0.035601314, 0.03688945, 0.038204372,
    0.039546236, 0.0409152, 0.04231141, 0.04373503, 0.045186203, 0.046665087, 0.048171826, 0.049706567,
    0.051269457, 0.052860647, 0.054480277, 0.05612849, 0.05780543, 0.059511237, 0.061246052, 0.063010015,
    0.064803265, 0.06662594, 0.06847817, 0.070360094, 0.07227185, 0.07421357, 0.07618538, 0.07818742,
    0.08021982, 0.08228271, 0.08437621, 0.08650046, 0.08865558, 0.09084171, 0.093058966, 0.09530747,
    0.09758735, 0.099898726, 0.10224173, 0.104616486, 0.107023105, 0.10946171, 0.11193243, 0.114435375,
    0.116970666, 0.11953843, 0.122138776, 0.12477182, 0.12743768, 0.13013647, 0.13286832, 0.13563333,
    0.13843161, 0.14126329, 0.14412847, 0.14702727, 0.14995979, 0.15292615, 0.15592647, 0.15896083,
    0.16202937, 0.1651322, 0.1682694, 0.17144111, 0.1746474, 0.17788842, 0.18116425, 0.18447499,
    0.18782078, 0.19120169, 0.19461784, 0.19806932, 0.20155625, 0.20507874, 0.20863687, 0.21223076,
    0.2158605, 0.2195262, 0.22322796, 0.22696587, 0.23074006, 0.23455058, 0.23839757, 0.24228112,
    0.24620132, 0.25015828, 0.2541521, 0.25818285, 0.26225066, 0.2663556, 0.2704978, 0.2746773,
    0.27889428, 0.28314874, 0.28744084, 0.29177064, 0.29613826, 0.30054379, 0.3049873, 0.30946892,
    0.31398872, 0.31854677, 0.3231432, 0.3277781, 0.33245152, 0.33716363, 0.34191442, 0.34670407,
    0.3515326, 0.35640013, 0.3613068, 0.3662526, 0.3712377, 0.37626213, 0.38132602, 0.38642943,
    0.39157248, 0.39675522, 0.40197778, 0.4072402, 0.4125426, 0.41788507, 0.42326766, 0.4286905,
    0.43415365, 0.43965718, 0.4452012, 0.4507858, 0.45641103, 0.462077, 0.4677838, 0.47353148,
    0.47932017, 0.48514995, 0.49102086, 0.49693298, 0.5028865, 0.50888133, 0.5149177, 0.52099556,
    0.5271151, 0.5332764, 0.5394795, 0.54572445, 0.55201143, 0.5583404, 0.5647115, 0.57112485,
    0.57758045, 0.58407843, 0.59061885, 0.59720176, 0.60382736, 0.61049557, 0.6172066, 0.6239604,
    0.63075715, 0.63759685, 0.6444797, 0.65140563, 0.65837485, 0.6653873, 0.67244315, 0.6795425,
    0.6866853, 0.69387174, 0.7011019, 0.70837575, 0.7156935, 0.7230551, 0.73046076, 0.7379104,
    0.7454042, 0.7529422, 0.7605245, 0.76815116, 0.7758222, 0.7835378, 0.7912979, 0.7991027,
    0.80695224, 0.8148466, 0.82278574, 0.8307699, 0.838799, 0.8468732, 0.8549926, 0.8631572,
    0.8713671, 0.8796224, 0.8879231, 0.8962694, 0.9046612, 0.91309863, 0.92158186, 0.9301109,
    0.9386857, 0.9473065, 0.9559733, 0.9646863, 0.9734453, 0.9822506, 0.9911021, 1.0,
];

/// The bucket table (see the module docs), built from [`THRESHOLDS`] at compile time.
const BUCKETS: &[u32; LAST as usize + 1] = &buckets(&THRESHOLDS);

/// Builds the bucket table from the thresholds; fails the build when they are not
/// increasing, start below 2⁻¹³ or put two in one bucket.
const fn buckets(thresholds: &[f32; 255]) -> [u32; LAST as usize + 1] {
    let mut table = [0; LAST as usize + 1];
    // `next`: the first threshold not below the current bucket's start, which is
    // the code at that start.
    let mut next = 0;
    let mut i = 0;
    while i <= LAST {
        let start = LO_BITS + (i << 16);
        while next < 255 && thresholds[next].to_bits() <= start {
            assert!(next == 0 || thresholds[next - 1].to_bits() < thresholds[next].to_bits());
            next += 1;
        }
        assert!(i > 0 || next == 0, "a threshold below 2^-13");
        let inside = next < 255 && thresholds[next].to_bits() < start + 0x1_0000;
        if inside {
            let after = next + 1;
            assert!(
                after == 255 || thresholds[after].to_bits() >= start + 0x1_0000,
                "two thresholds in one bucket"
            );
        }
        let low = if inside {
            thresholds[next].to_bits() & 0xffff
        } else {
            0x1_0000
        };
        #[allow(clippy::cast_possible_truncation)] // next ≤ 255
        let code = next as u32;
        table[i as usize] = code << 17 | low;
        i += 1;
    }
    assert!(next == 255, "a threshold at or above 1.0");
    table
}

/// An 8-bit sRGB code (IEC 61966-2-1), the encoding of one colour channel of an
/// `Rgba8UnormSrgb`/`Bgra8UnormSrgb` texture.
///
/// [`from_f32`](Self::from_f32) takes a *linear* value and gives the correctly
/// rounded code of `255 · srgb(x)`; [`to_f32`](Self::to_f32) gives the `f32`
/// nearest to the exact linear value of a code. Both are exact (the D3D11.3
/// functional spec, §3.2.3 "FLOAT -> SRGB" and "SRGB -> FLOAT", allows 0.6 ULP when
/// encoding and 0.5 ULP when decoding; Vulkan allows either neighbouring code),
/// `const fn`, and use tables, no `powf`.
///
/// | input of `from_f32` | code |
/// |---|---|
/// | NaN (any sign or payload) | 0 |
/// | −0.0, +0.0, subnormals, negatives, −∞ | 0 |
/// | above 1.0, +∞ | 255 |
/// | in [0, 1] | nearest to `255 · srgb(x)` (no `f32` is a tie: the closest lies 2.2·10⁻⁹ codes from one) |
///
/// `to_f32` never returns NaN, −0.0 (code 0 is +0.0) or a subnormal; code 255 is 1.0.
///
/// `Eq`, `Ord` and `Hash` are those of the code; the curve is increasing, so the
/// order of codes is the order of their values. `#[repr(transparent)]` over `u8`
/// (every code is valid); `bytemuck::Pod`.
///
/// ```
/// use normkey::Srgb8;
/// assert_eq!(Srgb8::from_f32(0.5).to_bits(), 188); // 255 · srgb(0.5) = 187.516
/// assert_eq!(Srgb8::from_f32(f32::NAN), Srgb8::ZERO);
/// assert_eq!(Srgb8::from_f32(f32::INFINITY), Srgb8::MAX);
/// assert_eq!(Srgb8::MAX.to_f32(), 1.0);
/// assert_eq!(Srgb8::from_bits(188).to_f32(), 0.5028865);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub struct Srgb8(u8);

impl Srgb8 {
    /// Code 0, the value +0.0; also the [`Default`].
    ///
    /// ```
    /// use normkey::Srgb8;
    /// assert_eq!(Srgb8::ZERO.to_f32().to_bits(), 0);
    /// assert_eq!(Srgb8::from_f32(-0.0), Srgb8::ZERO);
    /// assert_eq!(Srgb8::default(), Srgb8::ZERO);
    /// ```
    pub const ZERO: Self = Self(0);

    /// Code 255, the value 1.0.
    ///
    /// ```
    /// use normkey::Srgb8;
    /// assert_eq!(Srgb8::MAX.to_bits(), 255);
    /// assert_eq!(Srgb8::MAX.to_f32(), 1.0);
    /// assert_eq!(Srgb8::from_f32(1.0), Srgb8::MAX);
    /// ```
    pub const MAX: Self = Self(255);

    /// `ENCODE_THRESHOLDS[k]` is the smallest `f32` that [`from_f32`](Self::from_f32)
    /// encodes to code `k + 1`: codes change exactly there. The table the encoder is
    /// built from, for use elsewhere (a shader, another language).
    ///
    /// ```
    /// use normkey::Srgb8;
    /// let t = Srgb8::ENCODE_THRESHOLDS;
    /// assert_eq!(Srgb8::from_f32(t[0]).to_bits(), 1);
    /// assert_eq!(Srgb8::from_f32(f32::from_bits(t[0].to_bits() - 1)).to_bits(), 0);
    /// assert_eq!(Srgb8::from_f32(t[254]), Srgb8::MAX);
    /// ```
    pub const ENCODE_THRESHOLDS: [f32; 255] = THRESHOLDS;

    /// The code; every `u8` is valid.
    ///
    /// ```
    /// use normkey::Srgb8;
    /// assert_eq!(Srgb8::from_bits(255), Srgb8::MAX);
    /// assert_eq!(Srgb8::from_bits(0), Srgb8::ZERO);
    /// ```
    #[inline]
    #[must_use]
    pub const fn from_bits(code: u8) -> Self {
        Self(code)
    }

    /// The code.
    ///
    /// ```
    /// use normkey::Srgb8;
    /// assert_eq!(Srgb8::from_f32(1.0e-45).to_bits(), 0); // subnormal
    /// assert_eq!(Srgb8::from_bits(7).to_bits(), 7);
    /// ```
    #[inline]
    #[must_use]
    pub const fn to_bits(self) -> u8 {
        self.0
    }

    /// The linear value of the code: the `f32` nearest to `y / 12.92` for
    /// `y = code / 255 ≤ 0.04045`, else to `((y + 0.055) / 1.055)^2.4`. Code 0 is
    /// +0.0 and code 255 is 1.0, exactly; never NaN, −0.0 or subnormal.
    ///
    /// ```
    /// use normkey::Srgb8;
    /// assert_eq!(Srgb8::ZERO.to_f32().to_bits(), 0);
    /// assert_eq!(Srgb8::from_bits(1).to_f32(), 0.000303527); // 1 / (255 · 12.92)
    /// assert_eq!(Srgb8::from_bits(128).to_f32(), 0.2158605);
    /// assert_eq!(Srgb8::MAX.to_f32(), 1.0);
    /// ```
    #[inline]
    #[must_use]
    pub const fn to_f32(self) -> f32 {
        DECODE[self.0 as usize]
    }

    /// The sRGB code of the linear value `x`: the integer nearest to `255 · srgb(x)`
    /// after clamping `x` to [0, 1], exactly (IEC 61966-2-1 curve; D3D11.3 §3.2.3
    /// "FLOAT -> SRGB" without its 0.6 ULP slack).
    ///
    /// NaN (any sign or payload) → 0; ±0 → 0; negatives and −∞ → 0; subnormals → 0;
    /// above 1 and +∞ → 255. No input is a tie.
    ///
    /// ```
    /// use normkey::Srgb8;
    /// let e = |x: f32| Srgb8::from_f32(x).to_bits();
    /// assert_eq!(e(0.5), 188);
    /// assert_eq!(e(0.002), 7); // the linear segment: 0.002 · 12.92 · 255 = 6.59
    /// assert_eq!(e(f32::NAN), 0);
    /// assert_eq!(e(-f32::NAN), 0);
    /// assert_eq!(e(-0.0), 0);
    /// assert_eq!(e(1.0e-45), 0);
    /// assert_eq!(e(f32::NEG_INFINITY), 0);
    /// assert_eq!(e(f32::INFINITY), 255);
    /// assert_eq!(e(2.0), 255);
    /// // `const fn`: a table of codes can be built at compile time.
    /// const HALF: Srgb8 = Srgb8::from_f32(0.5);
    /// assert_eq!(HALF.to_bits(), 188);
    /// ```
    #[inline]
    #[must_use]
    // Bit reinterpretations: the sign bit makes negatives negative as `i32`, and
    // after the `max` the pattern is positive. The code fits a `u8`.
    #[allow(
        clippy::cast_possible_wrap,
        clippy::cast_sign_loss,
        clippy::cast_possible_truncation
    )]
    pub const fn from_f32(x: f32) -> Self {
        // NaN, negatives (sign bit: negative `i32`), ±0 and values below 2⁻¹³ all
        // encode to 0, as 2⁻¹³ does. Integer compares only: a float select may be
        // compiled as `maxnum`, which lets a signalling NaN through on AArch64.
        let b = if x.is_nan() { 0 } else { x.to_bits() as i32 };
        let b = if b > LO_BITS as i32 {
            b as u32
        } else {
            LO_BITS
        };
        let i = (b >> 16) - (LO_BITS >> 16);
        let i = if i < LAST { i } else { LAST };
        let e = BUCKETS[i as usize];
        Self(((e >> 17) + ((b & 0xffff) >= (e & 0x1_ffff)) as u32) as u8)
    }

    /// Writes `src[i].to_f32()` into `dst[i]` for every `i` (a table lookup per
    /// code; on x86-64 the loop is compiled for AVX2 too and picked at run time).
    /// The results are the scalar ones, bit for bit.
    ///
    /// # Panics
    ///
    /// If `src.len() != dst.len()`, as [`slice::copy_from_slice`] does.
    ///
    /// ```
    /// use normkey::Srgb8;
    /// let src = [Srgb8::ZERO, Srgb8::from_bits(188), Srgb8::MAX];
    /// let mut dst = [f32::NAN; 3];
    /// Srgb8::decode_slice(&src, &mut dst);
    /// assert_eq!(dst, [0.0, 0.5028865, 1.0]);
    /// ```
    #[inline]
    #[track_caller]
    pub fn decode_slice(src: &[Self], dst: &mut [f32]) {
        crate::dispatch::map::<DECODE_CHUNK, _, _>(src, dst, Self::to_f32);
    }

    /// Writes `Self::from_f32(src[i])` into `dst[i]` for every `i`: exact like the
    /// scalar form (NaN → 0, clamp, nearest code); on x86-64 the loop is compiled
    /// for AVX2 too (table loads become gathers) and picked at run time.
    ///
    /// # Panics
    ///
    /// If `src.len() != dst.len()`, as [`slice::copy_from_slice`] does.
    ///
    /// ```
    /// use normkey::Srgb8;
    /// let src = [f32::NAN, 0.5, f32::INFINITY, -1.0];
    /// let mut dst = [Srgb8::ZERO; 4];
    /// Srgb8::encode_slice(&src, &mut dst);
    /// assert_eq!(dst.map(Srgb8::to_bits), [0, 188, 255, 0]);
    /// ```
    #[inline]
    #[track_caller]
    pub fn encode_slice(src: &[f32], dst: &mut [Self]) {
        crate::dispatch::map::<ENCODE_CHUNK, _, _>(src, dst, Self::from_f32);
    }
}

/// Elements per step of [`Srgb8::encode_slice`] (see `dispatch::map`).
const ENCODE_CHUNK: usize = 8;

/// Elements per step of [`Srgb8::decode_slice`].
const DECODE_CHUNK: usize = 8;

/// The linear value, as [`Srgb8::to_f32`].
///
/// ```
/// use normkey::Srgb8;
/// assert_eq!(f32::from(Srgb8::MAX), 1.0);
/// ```
impl From<Srgb8> for f32 {
    #[inline]
    fn from(x: Srgb8) -> f32 {
        x.to_f32()
    }
}

// SAFETY: `repr(transparent)` over `u8`, which is `Zeroable`.
unsafe impl bytemuck::Zeroable for Srgb8 {}
// SAFETY: `repr(transparent)` over `u8`, which is `Pod`: every bit pattern is a
// valid code, no padding, `'static`.
unsafe impl bytemuck::Pod for Srgb8 {}

static_assertions::assert_eq_size!(Srgb8, u8);
static_assertions::assert_eq_align!(Srgb8, u8);
static_assertions::assert_impl_all!(Srgb8: Send, Sync, Copy, Ord, core::hash::Hash, bytemuck::Pod);
