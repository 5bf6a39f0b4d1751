// The few entry points the peer calls: Highway 1.0's `hwy::Sorter` (Debian 12's
// libhwy-dev; vqsort-rs needs Highway 1.1's `VQSort`), sorting in place.
#include <cstddef>
#include <hwy/contrib/sort/vqsort.h>
#include <hwy/targets.h>

extern "C" {
void vqsort_f32(float* keys, size_t n) {
  static hwy::Sorter sorter;
  sorter(keys, n, hwy::SortAscending());
}
void vqsort_f64(double* keys, size_t n) {
  static hwy::Sorter sorter;
  sorter(keys, n, hwy::SortAscending());
}
// The AVX-512 targets off from here on (Highway's dispatch then picks AVX2).
void vqsort_avx2_only() { hwy::DisableTargets(HWY_AVX3 | HWY_AVX3_DL); }
}
