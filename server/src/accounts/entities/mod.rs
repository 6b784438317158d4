pub mod sesion;
pub mod token;
pub mod usuario;
