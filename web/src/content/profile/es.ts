import type { ProfilePagesTexts } from './types';

const texts: ProfilePagesTexts = {
  suggestionsForm: {
    title: 'Tu sugerencia',
    lead: '¿Qué mejorarías de Nido? Tu mensaje le llega al equipo; no lo ve nadie más.',
    category: 'Tipo (opcional)',
    categories: {
      none: 'Sin elegir',
      idea: 'Una idea',
      problema: 'Algo que no funciona',
      otro: 'Otra cosa',
    },
    message: 'Mensaje',
    hint: 'Hasta 5000 caracteres.',
    required: 'Escribe tu sugerencia',
    send: 'Enviar sugerencia',
    failed: 'No pudimos enviar tu sugerencia. Inténtalo de nuevo.',
  },
  helpCentre: {
    title: 'Centro de ayuda',
    lead: 'Busca por palabra o entra en una categoría: las guías explican Nido paso a paso.',
    moreTitle: '¿No encontraste lo que buscabas?',
    moreBody: 'Escríbenos o mira las preguntas frecuentes; si se te ocurre una mejora, mándanos una sugerencia.',
    contact: 'Contactar a soporte',
    faq: 'Preguntas frecuentes',
    suggest: 'Enviar una sugerencia',
  },
  aboutNido: {
    title: 'Acerca de Nido',
    whatTitle: 'Qué es Nido',
    what: 'Nido es una plataforma de código abierto para padres separados: la ficha de cada hijo y las personas que la comparten, en un solo lugar.',
    open: 'Sin publicidad ni rastreadores. Tus datos son tuyos: puedes descargarlos o cerrar tu cuenta cuando quieras.',
    version: 'Versión',
    languages: 'Idiomas',
    languagesValue: 'Español e inglés',
    moreTitle: 'Más sobre Nido',
  },
};

export default texts;
