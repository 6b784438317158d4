import type { ContactTexts } from './types';

const es: ContactTexts = {
  metaDescription: 'Escribe al equipo de Nido: dudas, sugerencias o problemas con tu cuenta.',
  title: 'Contáctanos',
  lead: 'Cuéntanos qué necesitas. Leemos cada mensaje y respondemos por email.',
  name: 'Nombre',
  email: 'Email',
  subject: 'Asunto',
  message: 'Mensaje',
  messageHint: 'No incluyas contraseñas ni datos médicos de tus hijos.',
  website: 'Sitio web (déjalo vacío)',
  send: 'Enviar mensaje',
  nameRequired: 'El nombre es requerido',
  subjectRequired: 'El asunto es requerido',
  messageRequired: 'El mensaje es requerido',
  tooLong: 'El texto es demasiado largo',
  failed: 'No pudimos enviar tu mensaje. Inténtalo de nuevo.',
  sentTitle: '¡Gracias por escribirnos!',
  sentBody: 'Recibimos tu mensaje y te enviamos una confirmación por email. Te responderemos pronto.',
  sendAnother: 'Enviar otro mensaje',
  infoTitle: 'Otras formas de contacto',
  infoMail: 'Soporte',
  infoPlace: 'Dónde estamos',
  infoPlaceValue: 'Buenos Aires, Argentina',
  infoTime: 'Tiempo de respuesta',
  infoTimeValue: 'Normalmente entre 24 y 48 horas hábiles',
  selfHelp: '¿Buscas una respuesta rápida?',
  helpLink: 'Centro de ayuda',
  faqLink: 'Preguntas frecuentes',
};

export default es;
