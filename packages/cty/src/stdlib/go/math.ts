// Go standard library, package math: Log, Exp and Pow, reimplemented for go-cty's log and pow.
//
// Go's math.Log, math.Exp and math.Pow on float64, bit for bit as the Go toolchain computes
// them on amd64 (where go-cty's users run it, and where our oracle runs): go-cty's log and
// pow functions call them, and JS's Math.log / Math.exp / Math.pow are different algorithms
// whose results differ from Go's in the last bit for some inputs (and Math.pow by more).
//
// - Log is Go's amd64 assembly: the FreeBSD e_log.c reduction (x = 2^k·(1+f), then a
//   polynomial in s = f/(2+f)) without e_log.c's extra branches, and with its own reading of
//   the exponent that does not renormalize subnormal inputs.
// - Exp is Go's amd64 assembly as it runs on processors with FMA (every x86-64 from the last
//   decade): the reduction r = x - k·ln2 in two fused steps, a Taylor polynomial in r/16, then
//   four squarings of the form y·(y+2). On a processor without FMA, or on another
//   architecture, Go itself computes some results one ulp differently.
// - Pow is Go's portable algorithm (math/pow.go): the fractional part of the exponent through
//   Exp(yf·Log(x)), the integer part by repeated squaring with a separate binary exponent.
import { BigFloat } from "../../internal/numbers/bigfloat.js";

const view = new DataView(new ArrayBuffer(8));

function bitsOf(x: number): bigint {
  view.setFloat64(0, x);
  return view.getBigUint64(0);
}

function fromBits(bits: bigint): number {
  view.setBigUint64(0, BigInt.asUintN(64, bits));
  return view.getFloat64(0);
}

/** a·b + c with a single rounding, as the FMA instruction computes it. */
export function fusedMultiplyAdd(a: number, b: number, c: number): number {
  if (!Number.isFinite(a) || !Number.isFinite(b) || !Number.isFinite(c)) return a * b + c;
  // Exact product and sum (a product of doubles needs 106 bits; the sum at most ~2200),
  // then one rounding to double.
  const product = BigFloat.fromFloat64(a).mul(BigFloat.fromFloat64(b), 120);
  return product.add(BigFloat.fromFloat64(c), 2400).float64().value;
}

// Go's constants, as the doubles they denote (bit patterns in the comments).
const HALF_SQRT2 = Math.SQRT1_2; // 0x3fe6a09e667f3bcd
const LN2_HI = 0.6931471803691238; // 0x3fe62e42fee00000
const LN2_LO = 1.9082149292705877e-10; // 0x3dea39ef35793c76
const L1 = 0.6666666666666735; // 0x3fe5555555555593
const L2 = 0.3999999999940942; // 0x3fd999999997fa04
const L3 = 0.2857142874366239; // 0x3fd2492494229359
const L4 = 0.22222198432149784; // 0x3fcc71c51d8e78af
const L5 = 0.1818357216161805; // 0x3fc7466496cb03de
const L6 = 0.15313837699209373; // 0x3fc39a09d078c69f
const L7 = 0.14798198605116586; // 0x3fc2f112df3e5244

/** Go's math.Log on amd64. */
export function goLog(x: number): number {
  if (x === 0) return Number.NEGATIVE_INFINITY;
  if (Number.isNaN(x)) return x;
  if (x < 0) return Number.NaN;
  if (x === Number.POSITIVE_INFINITY) return x;
  const bits = bitsOf(x);
  // The mantissa bits with the exponent of [0.5, 1), and the exponent that goes with it; a
  // subnormal input is read as if it were normal, as Go's assembly does.
  let f1 = fromBits((bits & 0xfffffffffffffn) | 0x3fe0000000000000n);
  let k = Number((bits >> 52n) & 0x7ffn) - 0x3fe;
  if (f1 <= HALF_SQRT2) {
    k -= 1;
    f1 *= 2;
  }
  const f = f1 - 1;
  const s = f / (2 + f);
  const s2 = s * s;
  const s4 = s2 * s2;
  const t1 = s2 * (L1 + s4 * (L3 + s4 * (L5 + s4 * L7)));
  const t2 = s4 * (L2 + s4 * (L4 + s4 * L6));
  const r = t1 + t2;
  const hfsq = 0.5 * f * f;
  return k * LN2_HI - (hfsq - (s * (hfsq + r) + k * LN2_LO) - f);
}

const LOG2E = Math.LOG2E; // 0x3ff71547652b82fe
const LN2_UPPER = 0.693147180559663; // 0x3fe62e42fefa3000
const LN2_LOWER = 2.8235290563031577e-13; // 0x3d53de6af278ece6
const EXP_OVERFLOW = 709.782712893384; // 0x40862e42fefa39ef
// 1/8!, 1/7!, …, 1/2!, 1: the Taylor coefficients, highest first.
const TAYLOR = [
  2.48015873015873e-5, 1.984126984126984e-4, 1.388888888888889e-3, 8.333333333333333e-3,
  4.1666666666666664e-2, 1.6666666666666666e-1, 0.5, 1,
];

/** x86's CVTSD2SL: to int32 rounding half to even; out of range gives the "indefinite" -2^31. */
function toInt32HalfEven(t: number): number {
  const floor = Math.floor(t);
  const diff = t - floor;
  const n = diff > 0.5 ? floor + 1 : diff < 0.5 ? floor : floor % 2 === 0 ? floor : floor + 1;
  return n >= -(2 ** 31) && n < 2 ** 31 ? n : -(2 ** 31);
}

/** Go's math.Exp on amd64 with FMA. */
export function goExp(x: number): number {
  if (Number.isNaN(x) || x === Number.POSITIVE_INFINITY) return x;
  if (x === Number.NEGATIVE_INFINITY) return 0;
  if (x > EXP_OVERFLOW) return Number.POSITIVE_INFINITY;
  const k = toInt32HalfEven(LOG2E * x);
  // The scaling by 2^k at the end: overflow and total underflow depend on k alone.
  let biased = k + 0x3ff;
  if (biased >= 0x7ff) return Number.POSITIVE_INFINITY;
  if (biased < -52) return 0;
  let r = fusedMultiplyAdd(-k, LN2_UPPER, x);
  r = fusedMultiplyAdd(-k, LN2_LOWER, r);
  r *= 0.0625;
  let p = TAYLOR[0]!;
  for (let i = 1; i < TAYLOR.length; i++) p = fusedMultiplyAdd(p, r, TAYLOR[i]!);
  let y = r * p;
  y *= y + 2;
  y *= y + 2;
  y *= y + 2;
  y = fusedMultiplyAdd(y, y + 2, 1);
  if (biased <= 0) {
    // A subnormal result: scale in two steps so that only the last one rounds.
    y *= fromBits(BigInt(biased + 0x3fe) << 52n);
    biased = 1;
  }
  return y * fromBits(BigInt(biased) << 52n);
}

/** Go's math.Frexp: x = frac × 2^exp with |frac| in [0.5, 1). */
function frexp(x: number): { frac: number; exp: number } {
  if (x === 0 || !Number.isFinite(x)) return { frac: x, exp: 0 };
  let f = x;
  let exp = 0;
  if (Math.abs(f) < 2 ** -1022) {
    f *= 2 ** 52;
    exp = -52;
  }
  const bits = bitsOf(f);
  exp += Number((bits >> 52n) & 0x7ffn) - 1022;
  return { frac: fromBits((bits & ~(0x7ffn << 52n)) | (1022n << 52n)), exp };
}

/** Go's math.Ldexp: frac × 2^exp, rounding once when the result is subnormal. */
function ldexp(frac: number, exp: number): number {
  if (frac === 0 || !Number.isFinite(frac)) return frac;
  let f = frac;
  let e = exp;
  if (Math.abs(f) < 2 ** -1022) {
    f *= 2 ** 52;
    e -= 52;
  }
  let bits = bitsOf(f);
  e += Number((bits >> 52n) & 0x7ffn) - 1023;
  if (e < -1075) return f < 0 ? -0 : 0;
  if (e > 1023) return f < 0 ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  let m = 1;
  if (e < -1022) {
    e += 53;
    m = 2 ** -53;
  }
  bits = (bits & ~(0x7ffn << 52n)) | (BigInt(e + 1023) << 52n);
  return m * fromBits(bits);
}

function isOddInt(x: number): boolean {
  return Math.abs(x) < 2 ** 53 && Number.isInteger(x) && Math.abs(x) % 2 === 1;
}

/** Go's math.Pow (math/pow.go), with Go's amd64 Exp and Log inside. */
export function goPow(x: number, y: number): number {
  if (y === 0 || x === 1) return 1;
  if (y === 1) return x;
  if (Number.isNaN(x) || Number.isNaN(y)) return Number.NaN;
  if (x === 0) {
    const negativeZero = Object.is(x, -0);
    if (y < 0) return negativeZero && isOddInt(y) ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
    return negativeZero && isOddInt(y) ? x : 0;
  }
  if (!Number.isFinite(y)) {
    if (x === -1) return 1;
    return Math.abs(x) < 1 === y > 0 ? 0 : Number.POSITIVE_INFINITY;
  }
  if (!Number.isFinite(x)) {
    if (x < 0) return goPow(1 / x, -y);
    return y < 0 ? 0 : Number.POSITIVE_INFINITY;
  }
  if (y === 0.5) return Math.sqrt(x);
  if (y === -0.5) return 1 / Math.sqrt(x);

  let yi = Math.trunc(Math.abs(y));
  let yf = Math.abs(y) - yi;
  if (yf !== 0 && x < 0) return Number.NaN;
  if (yi >= 2 ** 63) {
    // A huge even integer power: overflow or underflow for every x but -1.
    if (x === -1) return 1;
    return Math.abs(x) < 1 === y > 0 ? 0 : Number.POSITIVE_INFINITY;
  }
  // The result is a1 × 2^ae.
  let a1 = 1;
  let ae = 0;
  if (yf !== 0) {
    if (yf > 0.5) {
      yf -= 1;
      yi += 1;
    }
    a1 = goExp(yf * goLog(x));
  }
  let { frac: x1, exp: xe } = frexp(x);
  for (let i = BigInt(yi); i !== 0n; i >>= 1n) {
    if (xe < -(1 << 12) || 1 << 12 < xe) {
      // The exponent is out of reach already: let Ldexp overflow or underflow.
      ae += xe;
      break;
    }
    if ((i & 1n) === 1n) {
      a1 *= x1;
      ae += xe;
    }
    x1 *= x1;
    xe *= 2;
    if (x1 < 0.5) {
      x1 += x1;
      xe--;
    }
  }
  if (y < 0) {
    a1 = 1 / a1;
    ae = -ae;
  }
  return ldexp(a1, ae);
}
