/** The shortest password the server accepts: registration, reset and the profile's change check it before sending. */
export const PASSWORD_MIN = 8;
