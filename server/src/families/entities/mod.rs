pub mod familia;
pub mod miembro;
