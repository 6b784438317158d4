import type { PlansTexts } from './types';

export const plansEs: PlansTexts = {
  title: 'Planes',
  lead: 'Todos los planes tienen las mismas funciones. Elige el que mejor se adapte a tu forma de pagar.',
  metaDescription:
    'Planes de Nido: semanal, mensual y anual, con las mismas funciones y 30 días de prueba gratis sin tarjeta. Conoce los precios y las preguntas frecuentes.',
  trial: {
    title: '30 días gratis en cualquier plan',
    body: 'Sin tarjeta de crédito y sin compromiso. Al terminar la prueba decides si sigues.',
  },
  popular: 'El más elegido',
  save: 'Ahorra 33\u00a0%',
  plans: {
    weekly: { name: 'Semanal', period: 'por semana', description: 'Para probar sin compromiso o para una etapa puntual.' },
    monthly: { name: 'Mensual', period: 'por mes', description: 'La opción más flexible: cancelas cuando quieras.' },
    annual: { name: 'Anual', period: 'por año', description: 'El mejor precio: un 33\u00a0% menos que pagar mes a mes.' },
  },
  choose: 'Elegir plan',
  processing: 'Procesando…',
  sameFeatures: 'Incluye todas las funciones',
  features: {
    title: 'Qué incluye cada plan',
    lead: 'Lo mismo en los tres planes.',
    soonLead: 'Lo que todavía está en desarrollo se sumará sin costo adicional.',
    soonLabel: 'Próximamente',
    items: [
      { text: 'Fichas ilimitadas, una por cada hijo', area: 'childRecords' },
      { text: 'Información escolar, médica, turnos, actividades y contactos de emergencia', area: 'childRecords' },
      { text: 'Fotos de tus hijos, visibles solo para tu familia', area: 'childRecords' },
      { text: 'Información compartida con los co-padres de la familia', area: 'coparents' },
      { text: 'Interfaz en español y en inglés', area: 'web' },
      { text: 'Mensajes entre padres, con adjuntos y registro que no se puede alterar', area: 'messaging' },
      { text: 'Calendario compartido', area: 'calendar' },
      { text: 'Gastos compartidos y cuota alimentaria', area: 'expenses' },
      { text: 'Los documentos de cada hijo, con sus versiones', area: 'documents' },
      { text: 'Avisos en la app, por email y en el navegador', area: 'notifications' },
      { text: 'Informes firmados para presentar', area: 'reports' },
    ],
  },
  benefits: {
    title: 'Por qué elegir un plan',
    items: [
      { title: 'Prueba sin riesgo', body: '30 días gratis, sin tarjeta. Si no te sirve, no pagas nada.' },
      { title: 'Sin letra chica', body: 'Todos los planes incluyen todo. Solo cambia cada cuánto pagas.' },
      { title: 'Tus datos te pertenecen', body: 'No vendemos tu información. Si cancelas, la guardamos 90 días por si vuelves.' },
      { title: 'Un proyecto que sigue creciendo', body: 'Tu suscripción mantiene Nido en marcha y financia lo que viene.' },
    ],
  },
  faq: {
    title: 'Preguntas frecuentes',
    items: [
      {
        question: '¿Puedo usar Nido gratis?',
        answer:
          'Sí. La versión gratuita funciona hoy: creas tu cuenta, agregas a tus hijos y compartes su información con la familia. Los planes pagos sumarán funciones a medida que estén listas.',
      },
      {
        question: '¿Cómo funciona la prueba de 30 días?',
        answer:
          'Cada plan empieza con 30 días gratis y no te pedimos tarjeta para empezar. Al terminar la prueba eliges si continúas con el plan o sigues con la versión gratuita.',
      },
      {
        question: '¿Ya puedo pagar una suscripción?',
        answer:
          'Todavía no: el sistema de pagos está en preparación. Cuando esté disponible lo anunciaremos en la página de novedades.',
      },
      {
        question: '¿Puedo cambiar de plan o cancelar?',
        answer:
          'Sí, en cualquier momento. Si cancelas, conservamos tus datos durante 90 días: en ese plazo puedes reactivar tu cuenta sin perder nada.',
      },
    ],
  },
  cta: {
    title: '¿Quieres conocer mejor Nido?',
    body: 'Mira cómo funciona y todo lo que puedes organizar desde hoy.',
    label: 'Ir a la página principal',
  },
  comingSoon: {
    title: 'Los pagos llegan pronto',
    chosen: (plan) => `Elegiste el plan ${plan}. ¡Gracias por tu interés!`,
    paragraphs: [
      'Todavía no cobramos suscripciones: estamos terminando de preparar el sistema de pagos.',
      'Cuando esté listo, tu plan empezará con 30 días de prueba gratis, sin tarjeta.',
      'Mientras tanto, la versión gratuita de Nido ya funciona: crea tu cuenta y empieza a organizar la información de tus hijos.',
    ],
    backToPlans: 'Volver a los planes',
    register: 'Crear mi cuenta gratis',
  },
};
