pub mod bloqueo;
pub mod familia;
pub mod invitacion;
pub mod miembro;
