/**
 * "How to verify", in both languages: the printed page carries both whatever the reader's
 * language, since the paper may reach someone who reads the other (a mediator, a court).
 */
export interface VerifyText {
  title: string;
  text: string;
  chain: string;
  family: (familyId: string) => string;
  keys: string;
}

export const VERIFY_TEXT: Record<'es' | 'en', VerifyText> = {
  es: {
    title: 'Cómo verificar este documento',
    text: 'El texto de cada mensaje es exactamente el que se guardó: su SHA-256 (en hexadecimal, sobre sus bytes UTF-8) es igual al campo textoSha256 del contenido de su entrada en el registro de la familia. Cualquier cambio de una letra da otro valor.',
    chain: 'Cada entrada del registro incluye el hash de la anterior (previo) y su propio hash se calcula sobre sus campos en JSON canónico; así, cada entrada queda encadenada a todas las que vinieron antes y ninguna puede alterarse ni quitarse sin romper la cadena.',
    family: (familyId) =>
      `El registro completo de la familia se comprueba en Nido, en Perfil › Co-padres › Registro de la familia, o con la API en GET /api/familias/${familyId}/registro/verificacion.`,
    keys: 'El servidor firma periódicamente la cabeza de la cadena (puntos de control Ed25519). Las claves públicas para comprobar esas firmas, con el período en que se usó cada una, están en /api/registro/claves.',
  },
  en: {
    title: 'How to verify this document',
    text: 'Each message’s text is exactly what was stored: its SHA-256 (hexadecimal, over its UTF-8 bytes) equals the textoSha256 field in the content of its entry in the family record. Changing a single letter gives a different value.',
    chain: 'Each record entry holds the hash of the one before it (previo), and its own hash is computed over its fields in canonical JSON, so every entry is chained to all earlier ones and none can be altered or removed without breaking the chain.',
    family: (familyId) =>
      `The family’s whole record can be checked in Nido under Profile › Co-parents › Family record, or through the API at GET /api/familias/${familyId}/registro/verificacion.`,
    keys: 'The server regularly signs the head of the chain (Ed25519 checkpoints). The public keys that check those signatures, each with the period it was used, are at /api/registro/claves.',
  },
};
