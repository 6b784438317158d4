pub mod aviso;
pub mod mensaje;
pub mod sugerencia;
pub mod valoracion;
