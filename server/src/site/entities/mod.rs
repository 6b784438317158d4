pub mod aviso;
pub mod mensaje;
pub mod valoracion;
