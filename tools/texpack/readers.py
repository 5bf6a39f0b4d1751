"""texpack's code images read back by readers nobody here wrote (the CI readers stage).

usage: python readers.py DIR

DIR holds what `texpack --codes DIR` writes: for every format NAME, its code image
as `NAME.dds` (texpack's default header) and normkey's decode of its texels,
`NAME.rgba32f` ([f32; 4] per texel, little-endian).

- Pillow reads the five legacy-mask DDS files: every channel code c of M + 1
  levels must come back as floor(c * 255 / M).
- Mesa's OpenGL (llvmpipe, EGL without a display, through moderngl) samples each
  file's texels with texelFetch into an RGBA32F target: R11G11B10F and RGB9E5 must
  equal normkey's decode bit for bit on every code; UNORM channels must equal
  c * (1/M) computed in f32 (the codes where that model differs from normkey's
  correctly rounded c / M are printed); sRGB colour: the largest difference from
  normkey's exact decode is printed; SNORM and float formats are reported.

Exits non-zero when a check fails.
"""

import ctypes
import sys
from pathlib import Path

import numpy as np

WIDTH = 256  # texels per row of a code image (texpack::codes::WIDTH)

# The channels of each format, in R, G, B, A order: byte-array formats as
# (numpy dtype of a channel, memory index of R, G, B, A); packed formats as their
# word's dtype and the R, G, B, A masks.
ARRAYS = {
    "r8unorm": ("<u1", [0]),
    "rg8unorm": ("<u1", [0, 1]),
    "rgba8unorm": ("<u1", [0, 1, 2, 3]),
    "rgba8unorm-srgb": ("<u1", [0, 1, 2, 3]),
    "bgra8unorm": ("<u1", [2, 1, 0, 3]),
    "bgra8unorm-srgb": ("<u1", [2, 1, 0, 3]),
    "r16unorm": ("<u2", [0]),
    "rg16unorm": ("<u2", [0, 1]),
    "rgba16unorm": ("<u2", [0, 1, 2, 3]),
    "r8snorm": ("<i1", [0]),
    "rg8snorm": ("<i1", [0, 1]),
    "rgba8snorm": ("<i1", [0, 1, 2, 3]),
    "r16snorm": ("<i2", [0]),
    "rg16snorm": ("<i2", [0, 1]),
    "rgba16snorm": ("<i2", [0, 1, 2, 3]),
    "r16float": ("<f2", [0]),
    "rg16float": ("<f2", [0, 1]),
    "rgba16float": ("<f2", [0, 1, 2, 3]),
    "r32float": ("<f4", [0]),
    "rg32float": ("<f4", [0, 1]),
    "rgba32float": ("<f4", [0, 1, 2, 3]),
}
PACKED = {
    "rgb10a2unorm": ("<u4", [0x3FF, 0xFFC00, 0x3FF00000, 0xC0000000]),
    "b5g6r5unorm": ("<u2", [0xF800, 0x07E0, 0x001F]),
    "bgr5a1unorm": ("<u2", [0x7C00, 0x03E0, 0x001F, 0x8000]),
    "bgra4unorm": ("<u2", [0x0F00, 0x00F0, 0x000F, 0xF000]),
}
LEGACY = list(PACKED) + ["bgra8unorm"]
PACKED_FLOATS = ["rg11b10ufloat", "rgb9e5ufloat"]  # 32-bit words, 3 channels

# OpenGL enums (glcorearb.h).
GL = dict(
    TEXTURE_2D=0x0DE1, UNPACK_ALIGNMENT=0x0CF5,
    RED=0x1903, RG=0x8227, RGB=0x1907, RGBA=0x1908, BGRA=0x80E1,
    UNSIGNED_BYTE=0x1401, BYTE=0x1400, UNSIGNED_SHORT=0x1403, SHORT=0x1402,
    HALF_FLOAT=0x140B, FLOAT=0x1406,
    UNSIGNED_INT_2_10_10_10_REV=0x8368, UNSIGNED_SHORT_5_6_5=0x8363,
    UNSIGNED_SHORT_1_5_5_5_REV=0x8366, UNSIGNED_SHORT_4_4_4_4_REV=0x8365,
    UNSIGNED_INT_10F_11F_11F_REV=0x8C3B, UNSIGNED_INT_5_9_9_9_REV=0x8C3E,
    R8=0x8229, RG8=0x822B, RGBA8=0x8058, SRGB8_ALPHA8=0x8C43, R16=0x822A,
    RG16=0x822C, RGBA16=0x805B, R8_SNORM=0x8F94, RG8_SNORM=0x8F95,
    RGBA8_SNORM=0x8F97, R16_SNORM=0x8F98, RG16_SNORM=0x8F99, RGBA16_SNORM=0x8F9B,
    R16F=0x822D, RG16F=0x822F, RGBA16F=0x881A, R32F=0x822E, RG32F=0x8230,
    RGBA32F=0x8814, RGB10_A2=0x8059, RGB565=0x8D62, RGB5_A1=0x8057, RGBA4=0x8056,
    R11F_G11F_B10F=0x8C3A, RGB9_E5=0x8C3D,
)
# name: (internal format, format, type) of glTexImage2D.
UPLOAD = {
    "r8unorm": ("R8", "RED", "UNSIGNED_BYTE"),
    "rg8unorm": ("RG8", "RG", "UNSIGNED_BYTE"),
    "rgba8unorm": ("RGBA8", "RGBA", "UNSIGNED_BYTE"),
    "rgba8unorm-srgb": ("SRGB8_ALPHA8", "RGBA", "UNSIGNED_BYTE"),
    "bgra8unorm": ("RGBA8", "BGRA", "UNSIGNED_BYTE"),
    "bgra8unorm-srgb": ("SRGB8_ALPHA8", "BGRA", "UNSIGNED_BYTE"),
    "r16unorm": ("R16", "RED", "UNSIGNED_SHORT"),
    "rg16unorm": ("RG16", "RG", "UNSIGNED_SHORT"),
    "rgba16unorm": ("RGBA16", "RGBA", "UNSIGNED_SHORT"),
    "r8snorm": ("R8_SNORM", "RED", "BYTE"),
    "rg8snorm": ("RG8_SNORM", "RG", "BYTE"),
    "rgba8snorm": ("RGBA8_SNORM", "RGBA", "BYTE"),
    "r16snorm": ("R16_SNORM", "RED", "SHORT"),
    "rg16snorm": ("RG16_SNORM", "RG", "SHORT"),
    "rgba16snorm": ("RGBA16_SNORM", "RGBA", "SHORT"),
    "r16float": ("R16F", "RED", "HALF_FLOAT"),
    "rg16float": ("RG16F", "RG", "HALF_FLOAT"),
    "rgba16float": ("RGBA16F", "RGBA", "HALF_FLOAT"),
    "r32float": ("R32F", "RED", "FLOAT"),
    "rg32float": ("RG32F", "RG", "FLOAT"),
    "rgba32float": ("RGBA32F", "RGBA", "FLOAT"),
    "rgb10a2unorm": ("RGB10_A2", "RGBA", "UNSIGNED_INT_2_10_10_10_REV"),
    "b5g6r5unorm": ("RGB565", "RGB", "UNSIGNED_SHORT_5_6_5"),
    "bgr5a1unorm": ("RGB5_A1", "BGRA", "UNSIGNED_SHORT_1_5_5_5_REV"),
    "bgra4unorm": ("RGBA4", "BGRA", "UNSIGNED_SHORT_4_4_4_4_REV"),
    "rg11b10ufloat": ("R11F_G11F_B10F", "RGB", "UNSIGNED_INT_10F_11F_11F_REV"),
    "rgb9e5ufloat": ("RGB9_E5", "RGB", "UNSIGNED_INT_5_9_9_9_REV"),
}

failures = []


def check(ok, message):
    print(("  ok    " if ok else "  FAIL  ") + message)
    if not ok:
        failures.append(message)


def texel_bytes(path):
    """The texel bytes of a DDS file (after the DX10 header when there is one)."""
    data = path.read_bytes()
    return data[148:] if data[84:88] == b"DX10" else data[128:]


def unorm_codes(name, data):
    """The integer codes of a UNORM format, shape (texels, channels), and each max."""
    if name in PACKED:
        dtype, masks = PACKED[name]
        words = np.frombuffer(data, dtype).astype(np.uint64)
        shifts = [(m & -m).bit_length() - 1 for m in masks]
        codes = np.stack([(words & m) >> s for m, s in zip(masks, shifts)], axis=1)
        return codes.astype(np.int64), [m >> s for m, s in zip(masks, shifts)]
    dtype, order = ARRAYS[name]
    n = len(order)
    raw = np.frombuffer(data, dtype).reshape(-1, n)
    return raw[:, order].astype(np.int64), [np.iinfo(dtype).max] * n


def normkey(path):
    return np.fromfile(path.with_suffix(".rgba32f"), "<f4").reshape(-1, 4)


def pillow(directory):
    from PIL import Image

    print("Pillow (legacy-mask DDS): floor(c * 255 / M) on every code")
    for name in LEGACY:
        path = directory / f"{name}.dds"
        with Image.open(path) as im:
            got = np.asarray(im).reshape(-1, len(im.getbands())).astype(np.int64)
        codes, maxes = unorm_codes(name, texel_bytes(path))
        want = np.stack([codes[:, c] * 255 // m for c, m in enumerate(maxes)], axis=1)
        bad = np.argwhere(got != want)
        check(len(bad) == 0, f"{name:<14} {codes.size} channel codes, {len(bad)} differ")


def opengl(directory):
    import moderngl

    ctx = moderngl.create_standalone_context(
        backend="egl", libgl="libGL.so.1", libegl="libEGL.so.1"
    )
    print(f"Mesa OpenGL: {ctx.info['GL_RENDERER']}, {ctx.info['GL_VERSION']}")
    egl = ctypes.CDLL("libEGL.so.1")
    egl.eglGetProcAddress.restype = ctypes.c_void_p
    egl.eglGetProcAddress.argtypes = [ctypes.c_char_p]

    def gl(name, *args):
        return ctypes.CFUNCTYPE(None, *args)(egl.eglGetProcAddress(name))

    u, i, p = ctypes.c_uint, ctypes.c_int, ctypes.c_void_p
    tex_image = gl(b"glTexImage2D", u, i, i, i, i, i, u, u, p)
    bind = gl(b"glBindTexture", u, u)
    store = gl(b"glPixelStorei", u, i)
    prog = ctx.program(
        vertex_shader="""#version 330
            void main() {
                vec2 p = vec2((gl_VertexID << 1) & 2, gl_VertexID & 2);
                gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
            }""",
        fragment_shader="""#version 330
            uniform sampler2D t;
            out vec4 o;
            void main() { o = texelFetch(t, ivec2(gl_FragCoord.xy), 0); }""",
    )
    vao = ctx.vertex_array(prog, [])

    def sample(name, data):
        height = len(data) // (WIDTH * bytes_per_texel(name))
        internal, fmt, typ = (GL[k] for k in UPLOAD[name])
        tex = ctx.texture((WIDTH, height), 4, dtype="f4")
        bind(GL["TEXTURE_2D"], tex.glo)
        store(GL["UNPACK_ALIGNMENT"], 1)
        tex_image(GL["TEXTURE_2D"], 0, internal, WIDTH, height, 0, fmt, typ, data)
        tex.filter = (moderngl.NEAREST, moderngl.NEAREST)
        tex.use(0)
        fbo = ctx.simple_framebuffer((WIDTH, height), components=4, dtype="f4")
        fbo.use()
        vao.render(moderngl.TRIANGLES, vertices=3)
        out = np.frombuffer(fbo.read(components=4, dtype="f4"), "<f4").reshape(-1, 4).copy()
        tex.release()
        fbo.release()
        return out

    print("Mesa OpenGL, texelFetch into RGBA32F:")
    for name in UPLOAD:
        path = directory / f"{name}.dds"
        data = texel_bytes(path)
        got, want = sample(name, data), normkey(path)
        n = channels(name)
        got, want = got[:, :n], want[:, :n]
        if name in PACKED_FLOATS:
            # Bit for bit; a NaN code must give a NaN (its payload is reported).
            bits = got.view(np.uint32) != want.view(np.uint32)
            nan = np.isnan(got) & np.isnan(want)
            check(not (bits & ~nan).any(), f"{name:<15} bit for bit on {got.size} channel "
                  f"codes: {int((bits & ~nan).sum())} differ, NaN payloads aside "
                  f"({int((bits & nan).sum())} NaN codes give another NaN)")
        elif "unorm" in name:
            codes, maxes = unorm_codes(name, data)
            inv = np.array([np.float32(1) / np.float32(m) for m in maxes], np.float32)
            model = codes.astype(np.float32) * inv
            linear = [3] if "srgb" in name else list(range(n))  # sRGB: alpha only
            gl_vs_model = (got[:, linear].view(np.uint32) != model[:, linear].view(np.uint32)).sum()
            check(gl_vs_model == 0, f"{name:<15} GL = c * (1/M) in f32 on {codes[:, linear].size} "
                  f"channel codes: {int(gl_vs_model)} differ")
            if "srgb" in name:
                diff = np.abs(got[:, :3].astype(np.float64) - want[:, :3].astype(np.float64))
                worst = np.unravel_index(np.argmax(diff), diff.shape)
                print(f"        sRGB colour: largest |GL - normkey| = {diff.max():.3g} "
                      f"(code {codes[worst]}, GL {got[worst]!r}, normkey {want[worst]!r}); "
                      f"{int((diff > 0).sum())} of {diff.size} differ")
            else:
                report_model(name, codes, maxes, model, want)
        else:
            same = (got.view(np.uint32) == want.view(np.uint32)) | (np.isnan(got) & np.isnan(want))
            nan_bits = int(((got.view(np.uint32) != want.view(np.uint32)) & np.isnan(want)).sum())
            print(f"  info  {name:<15} {int((~same).sum())} of {got.size} channel values differ "
                  f"from normkey (NaN payloads aside; {nan_bits} NaN payloads differ)")


def channels(name):
    if name in PACKED_FLOATS:
        return 3
    if name in PACKED:
        return len(PACKED[name][1])
    return len(ARRAYS[name][1])


def bytes_per_texel(name):
    if name in PACKED_FLOATS:
        return 4
    if name in PACKED:
        return np.dtype(PACKED[name][0]).itemsize
    dtype, order = ARRAYS[name]
    return np.dtype(dtype).itemsize * len(order)


def report_model(name, codes, maxes, model, want):
    """The codes where c * (1/M) in f32 is not normkey's correctly rounded c / M."""
    for c, m in enumerate(maxes):
        if m in maxes[:c]:
            continue  # the same channel width: the same codes
        uniq, first = np.unique(codes[:, c], return_index=True)
        differ = uniq[model[first, c].view(np.uint32) != want[first, c].view(np.uint32)]
        shown = ", ".join(str(int(x)) for x in differ[:12]) + (", ..." if len(differ) > 12 else "")
        print(f"        M = {m}: c * (1/M) differs from normkey's c / M at {len(differ)} "
              f"of {len(uniq)} codes{': ' + shown if len(differ) else ''}")


def main():
    directory = Path(sys.argv[1])
    pillow(directory)
    opengl(directory)
    if failures:
        print(f"{len(failures)} checks failed")
        sys.exit(1)


if __name__ == "__main__":
    main()
