pub mod actividad;
pub mod contacto;
pub mod hijo;
pub mod turno;
