pub mod codigo_recuperacion;
pub mod factor;
pub mod sesion;
pub mod token;
pub mod usuario;
