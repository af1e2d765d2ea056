//! The capture worklet's conversion, as the JS one does it: a windowed-sinc resampler whose kernel
//! table the caller writes (`kernel_ptr`), then float to 16-bit little-endian PCM. Numbers in,
//! numbers out, no allocator, no panics: JS writes samples at `input_ptr`, calls `process(n)`, and
//! reads the bytes at `output_ptr`.
#![no_std]

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    core::arch::wasm32::unreachable()
}

const MAX_KERNEL: usize = 8192;
const MAX_BUF: usize = 8192;

struct State {
    half: usize,
    taps: usize,
    phases: f64,
    step: f64,
    pos: f64,
    len: usize,
}

static mut KERNEL: [f32; MAX_KERNEL] = [0.0; MAX_KERNEL];
static mut BUF: [f32; MAX_BUF] = [0.0; MAX_BUF];
static mut INPUT: [f32; 1024] = [0.0; 1024];
static mut OUTPUT: [u8; 4096] = [0; 4096];
static mut STATE: State = State { half: 0, taps: 0, phases: 0.0, step: 1.0, pos: 0.0, len: 0 };

#[no_mangle]
pub extern "C" fn kernel_ptr() -> *mut f32 {
    core::ptr::addr_of_mut!(KERNEL) as *mut f32
}

#[no_mangle]
pub extern "C" fn input_ptr() -> *mut f32 {
    core::ptr::addr_of_mut!(INPUT) as *mut f32
}

#[no_mangle]
pub extern "C" fn output_ptr() -> *const u8 {
    core::ptr::addr_of!(OUTPUT) as *const u8
}

/// Starts a stream: `half` taps each side, `phases` kernel rows (+1), `step` = inRate / outRate.
#[no_mangle]
pub extern "C" fn init(half: u32, phases: u32, step: f64) {
    let s = unsafe { &mut *core::ptr::addr_of_mut!(STATE) };
    s.half = half as usize;
    s.taps = 2 * half as usize;
    s.phases = phases as f64;
    s.step = step;
    s.len = s.half - 1;
    s.pos = (s.half - 1) as f64;
    let buf = unsafe { &mut *core::ptr::addr_of_mut!(BUF) };
    buf[..s.len].fill(0.0);
}

/// Resamples the `n` samples at `input_ptr` and writes 16-bit LE PCM at `output_ptr`; returns bytes.
#[no_mangle]
pub extern "C" fn process(n: u32) -> u32 {
    let s = unsafe { &mut *core::ptr::addr_of_mut!(STATE) };
    let kernel = unsafe { &*core::ptr::addr_of!(KERNEL) };
    let buf = unsafe { &mut *core::ptr::addr_of_mut!(BUF) };
    let input = unsafe { &*core::ptr::addr_of!(INPUT) };
    let out = unsafe { &mut *core::ptr::addr_of_mut!(OUTPUT) };
    let n = (n as usize).min(input.len()).min(MAX_BUF - s.len);
    buf[s.len..s.len + n].copy_from_slice(&input[..n]);
    let len = s.len + n;
    let (half, taps) = (s.half, s.taps);
    let mut pos = s.pos;
    let mut o = 0;
    while (pos as usize) + half < len && o + 2 <= out.len() {
        let i0 = pos as usize;
        let k0 = (((pos - i0 as f64) * s.phases + 0.5) as usize) * taps;
        let base = i0 + 1 - half;
        let mut sum = 0.0f32;
        for (k, x) in kernel[k0..k0 + taps].iter().zip(&buf[base..base + taps]) {
            sum += k * x;
        }
        let v = if sum >= 1.0 { 32767 } else if sum <= -1.0 { -32768 } else { (sum * 32767.0 + if sum < 0.0 { -0.5 } else { 0.5 }) as i32 };
        out[o] = v as u8;
        out[o + 1] = (v >> 8) as u8;
        o += 2;
        pos += s.step;
    }
    let keep = (pos as usize + 1).saturating_sub(half);
    buf.copy_within(keep..len, 0);
    s.len = len - keep;
    s.pos = pos - keep as f64;
    o as u32
}
