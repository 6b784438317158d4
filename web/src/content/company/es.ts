import type { CompanyTexts } from './types';

export const companyEs: CompanyTexts = {
  about: {
    title: 'Sobre Nido',
    lead: 'Hacemos software para que la crianza entre dos casas sea un poco más simple y bastante más tranquila.',
    metaDescription:
      'Conoce Nido: nuestra misión, nuestros valores y la pequeña empresa de Buenos Aires que desarrolla esta plataforma de código abierto para padres separados.',
    mission: {
      title: 'Nuestra misión',
      paragraphs: [
        'Cuando una familia se separa, la información de los hijos queda repartida: un papel en una casa, un mensaje perdido en el teléfono del otro, un dato que solo recuerda uno de los dos. Nido existe para juntar esa información en un solo lugar y que todos los que cuidan a los chicos la tengan al día.',
        'Queremos que los padres dediquen menos tiempo a coordinar y a discutir, y más tiempo a estar con sus hijos.',
      ],
    },
    values: {
      title: 'Lo que nos guía',
      items: {
        privacy: {
          title: 'Privacidad',
          body: 'La información de tus hijos es de tu familia. La protegemos, no la vendemos y solo la ven las personas con las que la compartes.',
        },
        simplicity: {
          title: 'Simplicidad',
          body: 'Cada pantalla tiene que poder usarse en un momento de cansancio, desde el teléfono, sin manual. Si algo necesita explicación, lo rehacemos.',
        },
        family: {
          title: 'Familia',
          body: 'Diseñamos pensando en los chicos primero. Cada función debe bajar el conflicto entre los adultos, nunca aumentarlo.',
        },
        innovation: {
          title: 'Innovación',
          body: 'Usamos la tecnología donde de verdad ayuda, con prudencia: probamos, escuchamos a las familias y mejoramos de a poco.',
        },
      },
    },
    story: {
      title: 'Cómo empezó Nido',
      paragraphs: [
        'Nido nació en 2024 a partir de una observación simple: las familias separadas usan para organizarse herramientas que no fueron pensadas para ellas. Grupos de chat donde todo se mezcla, calendarios que cada uno lleva por su lado, fotos de recetas médicas perdidas entre cientos de imágenes.',
        'Empezamos por lo más básico y más útil: una ficha por cada hijo con su información escolar, médica, sus actividades, sus turnos y sus contactos de emergencia, compartida dentro de la familia. Hoy eso es lo que Nido hace, en español y en inglés.',
        'Después llegaron los mensajes entre padres, con un registro que no se puede alterar, y un calendario compartido con el régimen de cuidado. Lo que viene lo construimos escuchando a quienes lo usan: el registro de gastos y los documentos están en desarrollo.',
      ],
    },
    founder: {
      title: 'Quién está detrás',
      role: 'Fundación · Producto y desarrollo',
      paragraphs: [
        'Nido fue fundado en 2024 por una persona que hoy lleva el producto y buena parte del desarrollo: decide qué se construye, diseña las pantallas y escribe mucho del código.',
        'Si quieres proponer una idea, contar un problema o hablar de una colaboración, puedes escribir directamente. Todos los mensajes se leen.',
      ],
      mailLabel: 'Escribir a soporte@nido.app',
      contactLabel: 'Ir al formulario de contacto',
    },
    company: {
      title: 'La empresa',
      paragraphs: [
        'Nido es desarrollado por una pequeña empresa de software, con base en Buenos Aires, Argentina, fundada en 2024. Trabajamos de forma remota y con un equipo chico, lo que nos permite decidir rápido y mantener el foco en un solo producto.',
        'Hacemos Nido como software de código abierto: el código es público, cualquiera puede revisar cómo se tratan los datos y proponer mejoras. Creemos que una herramienta que guarda información tan sensible tiene que poder auditarse.',
      ],
      facts: [
        { label: 'Fundada', value: '2024' },
        { label: 'Base', value: 'Buenos Aires, Argentina' },
        { label: 'Forma de trabajo', value: '100\u00a0% remota' },
        { label: 'Licencia', value: 'Código abierto' },
      ],
    },
    team: {
      title: 'Hablemos',
      body: 'Somos un equipo pequeño y nos gusta escuchar a las familias que usan Nido. Para preguntas, sugerencias o problemas, escríbenos: respondemos en general en 24 a 48 horas hábiles.',
      mailLabel: 'soporte@nido.app',
      contactLabel: 'Formulario de contacto',
    },
  },

  careers: {
    title: 'Trabaja con nosotros',
    lead: 'Construimos herramientas para familias en un momento difícil. Si eso te importa, nos gustaría conocerte.',
    metaDescription:
      'Trabaja en Nido: una empresa pequeña, remota y con base en Buenos Aires que hace software de código abierto para padres separados.',
    openings: {
      title: 'Búsquedas abiertas',
      body: 'Hoy no tenemos posiciones abiertas. Igual nos interesa conocer a personas con ganas de sumarse más adelante: si te identificas con alguno de los perfiles de abajo, escríbenos y guardamos tu contacto para cuando abramos una búsqueda.',
    },
    reasons: {
      title: 'Por qué sumarte',
      items: {
        impact: {
          title: 'Impacto',
          body: 'Lo que construyes lo usa una madre o un padre para saber a qué hora sale su hijo de la escuela o qué medicamento no puede tomar. El efecto se nota.',
        },
        growth: {
          title: 'Crecimiento',
          body: 'En un equipo chico cada persona toca muchas partes del producto, desde una conversación con una familia hasta el código que la resuelve.',
        },
        remote: {
          title: 'Remoto',
          body: 'Trabajamos 100\u00a0% a distancia, con horarios flexibles y mucha comunicación escrita. Importan los resultados, no las horas conectado.',
        },
        equity: {
          title: 'Participación',
          body: 'Queremos que las primeras personas del equipo compartan lo que Nido llegue a ser, también con participación en la empresa.',
        },
      },
    },
    philosophy: {
      title: 'Cómo trabajamos',
      paragraphs: [
        'Preferimos pocas cosas bien hechas a muchas a medias. Escribimos para pensar y para que las decisiones queden claras, revisamos el trabajo entre todos y publicamos nuestro código como software abierto.',
        'Cuidamos los datos de las familias como si fueran los nuestros, y cuidamos también a las personas del equipo: plazos realistas, tiempo para aprender y respeto por la vida fuera del trabajo.',
      ],
      facts: [
        { value: '2024', label: 'Año de fundación' },
        { value: '∞', label: 'Potencial' },
        { value: '100\u00a0%', label: 'Remoto' },
      ],
    },
    profiles: {
      title: 'Perfiles que buscamos',
      intro: 'Cuando abramos búsquedas, estos son los perfiles que más vamos a necesitar:',
      items: {
        fullStack: {
          title: 'Desarrollo full-stack',
          body: 'Servidor en Rust y aplicación web en React con TypeScript. Valoramos el cuidado por la seguridad, las pruebas y la accesibilidad.',
        },
        design: {
          title: 'Diseño UX/UI',
          body: 'Interfaces claras para momentos de estrés, pensadas primero para el teléfono, en dos idiomas y accesibles para todos.',
        },
        mobile: {
          title: 'Desarrollo móvil',
          body: 'Para las aplicaciones nativas de iOS y Android que tenemos en el plan, con sincronización y notificaciones confiables.',
        },
      },
    },
    contact: {
      title: 'Escríbenos',
      body: 'Cuéntanos quién eres, qué te interesa de Nido y, si quieres, comparte un enlace a tu trabajo. No hace falta una carta formal.',
      mailLabel: 'Enviar un email',
      mailSubject: 'Quiero trabajar en Nido',
      contactLabel: 'Usar el formulario de contacto',
    },
  },

  press: {
    title: 'Prensa',
    lead: 'Información sobre Nido para periodistas y medios: datos de la empresa, comunicados y recursos.',
    metaDescription: 'Sala de prensa de Nido: contacto para medios, datos de la empresa, comunicados y recursos de marca.',
    inquiries: {
      title: 'Consultas de prensa',
      body: 'Para entrevistas, datos o material gráfico, escríbenos indicando el medio y el plazo de tu nota. Respondemos lo antes posible.',
      mailLabel: 'Escribir a soporte@nido.app',
      mailSubject: 'Consulta de prensa',
      contactLabel: 'Formulario de contacto',
    },
    resources: {
      title: 'Recursos',
      note: 'Todavía no tenemos archivos para descargar: te los enviamos por email.',
      items: [
        {
          title: 'Kit de prensa',
          description: 'Descripción de Nido, datos de la empresa y respuestas a las preguntas más habituales.',
          actionLabel: 'Disponible a pedido',
          href: 'mailto:soporte@nido.app?subject=Kit%20de%20prensa',
        },
        {
          title: 'Recursos de marca',
          description: 'Logotipo en sus versiones, colores y pautas básicas de uso.',
          actionLabel: 'Disponible a pedido',
          href: 'mailto:soporte@nido.app?subject=Recursos%20de%20marca',
        },
        {
          title: 'Imágenes',
          description: 'Capturas de pantalla del producto en español y en inglés.',
          actionLabel: 'Disponible a pedido',
          href: 'mailto:soporte@nido.app?subject=Im%C3%A1genes%20de%20Nido',
        },
      ],
    },
    facts: {
      title: 'Datos de la empresa',
      items: [
        { label: 'Fundación', value: '2024' },
        { label: 'Sede', value: 'Buenos Aires, Argentina (equipo remoto)' },
        { label: 'Producto', value: 'Plataforma web para padres separados' },
        { label: 'Idiomas', value: 'Español e inglés' },
        { label: 'Modelo', value: 'Plan gratuito y planes pagos con 30 días de prueba' },
        { label: 'Licencia', value: 'Código abierto' },
      ],
    },
    releases: {
      title: 'Comunicados',
      indexLabel: 'Ir a un comunicado',
      items: [
        {
          slug: 'nido-2-0',
          date: '2025-01-10',
          title: 'Nido 2.0: una base nueva para organizar la crianza entre dos casas',
          summary:
            'Nido presenta su versión 2.0, reescrita desde cero: más rápida, pensada primero para el teléfono y disponible en español y en inglés.',
          body: [
            'La nueva versión reúne en una ficha por hijo la información escolar, médica, las actividades, los turnos y los contactos de emergencia, y la comparte dentro de la familia para que ambos padres tengan los mismos datos.',
            'Nido 2.0 también permite que el otro progenitor se registre desde un enlace de invitación y quede conectado a la familia. Los mensajes entre padres, el calendario compartido y el registro de gastos forman parte de las próximas etapas.',
          ],
        },
        {
          slug: 'lanzamiento-nido',
          date: '2024-05-14',
          title: 'Nace Nido, una herramienta de código abierto para padres separados',
          summary:
            'Una pequeña empresa de Buenos Aires lanza Nido, una plataforma web para que las familias separadas guarden y compartan la información de sus hijos.',
          body: [
            'Nido parte de una idea sencilla: la información de un hijo no debería depender de la memoria de uno de sus padres ni perderse en un chat. La primera versión permite registrar los datos básicos de cada hijo y compartirlos con el otro progenitor.',
            'El proyecto se desarrolla como software de código abierto, con la privacidad como principio: la información de cada familia solo la ven las personas que la integran.',
          ],
        },
      ],
    },
    coverage: {
      title: 'Nido en los medios',
      empty: 'Todavía no hay notas publicadas sobre Nido. Si estás preparando una, nos encantará ayudarte.',
    },
    awards: {
      title: 'Reconocimientos',
      empty: 'Aún no tenemos premios que contar. Por ahora, nuestro mejor reconocimiento son las familias que usan Nido.',
    },
  },

  updates: {
    title: 'Novedades',
    lead: 'Qué cambió en Nido, versión por versión, y en qué estamos trabajando.',
    metaDescription: 'Historial de versiones de Nido y próximas funciones: notas de cada versión y hoja de ruta.',
    current: { label: 'Versión actual', releasedOn: 'Publicada el' },
    subscribe: {
      label: 'Recibir novedades',
      joinBeta: 'Sumarme a la beta',
      note: 'Por ahora ambos botones llevan al formulario de contacto: déjanos tu email y te escribimos cuando haya novedades o una beta abierta.',
    },
    history: { title: 'Historial de versiones', highlights: 'Lo más importante' },
    roadmap: {
      title: 'Lo que viene',
      lead: 'En esto estamos trabajando. No le ponemos fecha: lo sumamos cuando esté listo, y lo anunciamos aquí.',
      areas: {
        reports: {
          title: 'Informes para presentar',
          description: 'Un informe firmado con los mensajes, gastos, pagos y entregas de un período, para llevar a una mediación o a un juzgado.',
        },
        iosApp: {
          title: 'App para iPhone',
          description: 'Nido en la App Store. Mientras tanto, puedes instalar Nido en el iPhone desde el navegador.',
        },
        androidApp: {
          title: 'App para Android',
          description: 'Nido en Google Play. Mientras tanto, puedes instalar Nido en el teléfono desde el navegador.',
        },
      },
    },
    ideas: {
      title: '¿Tienes una idea?',
      body: 'Muchas de estas funciones nacieron de sugerencias de familias. Cuéntanos qué te ayudaría.',
      contactLabel: 'Escríbenos',
    },
  },
};
