import type { LegalBlock, LegalSection, LegalTexts } from './types';

const contactSection = (intro: string, links: { label: string; to: string }[] = []): LegalSection => ({
  id: 'contact',
  heading: 'Contacto',
  blocks: [
    { kind: 'p', text: `${intro} Escríbenos a soporte@nido.app. Nido es un servicio de una pequeña empresa de software que trabaja en remoto desde Buenos Aires, Argentina.` },
    { kind: 'links', items: [{ label: 'Formulario de contacto', to: '/contact' }, ...links] },
  ],
});

const retention: LegalBlock = {
  kind: 'terms',
  items: [
    {
      term: 'Datos de tu cuenta',
      text: 'Mientras la cuenta esté activa. Si la cierras, se aplica el período de gracia de 90 días que se describe a continuación; al terminar, borramos la cuenta y no conservamos nada que te identifique. Solo si un reclamo o un proceso en curso lo exigiera guardaríamos lo necesario para él, y nunca más de 3 años después del cierre.',
    },
    {
      term: 'Comunicaciones',
      text: 'Los mensajes que intercambias con soporte se conservan hasta 7 años, porque pueden ser necesarios como constancia ante un reclamo o un proceso familiar. Los mensajes entre co-padres son parte del registro de la familia: no se borran uno por uno y se conservan mientras exista la familia, aunque quien los escribió cierre su cuenta (entonces figuran como de una cuenta eliminada).',
    },
    {
      term: 'Datos de uso',
      text: 'Hoy Nido no usa herramientas de analítica. Los registros técnicos del servidor y cualquier estadística de uso se anonimizan a más tardar a los 26 meses.',
    },
    {
      term: 'Sesiones y enlaces',
      text: 'Una sesión se borra al cerrarla (puedes hacerlo desde cualquiera de tus dispositivos) o tras 30 días sin uso. El enlace para confirmar tu email vence a los 7 días; el de un cambio de email, a las 24 horas; el de restablecer la contraseña, en 1 hora. Cada uno sirve una sola vez.',
    },
    {
      term: 'Cuenta cerrada',
      text: 'La cierras tú desde tu perfil y se cierra en el acto, junto con todas tus sesiones. Durante 90 días guardamos tus datos por si cambias de idea: en ese plazo, al iniciar sesión te ofrecemos reactivar la cuenta. Pasados los 90 días, un proceso automático la borra de forma definitiva.',
    },
  ],
};

const erasure: LegalBlock[] = [
  {
    kind: 'p',
    text: 'Al terminar el período de gracia de 90 días, un proceso automático borra de forma definitiva tu cuenta y tus datos personales: nombre, apellido, email, teléfono, foto de perfil, idioma, la configuración de la verificación en dos pasos, todas tus sesiones, los enlaces pendientes y los archivos propios que hayas subido.',
  },
  {
    kind: 'p',
    text: 'Las fichas de los hijos no son solo tuyas: pertenecen a la familia. Si otro co-padre de esa familia sigue usando Nido, las fichas que compartían (con sus fotos, datos escolares, médicos y de contacto) quedan con esa familia, y tu nombre deja de figurar en ella. Si eras el único miembro de una familia, esa familia se borra junto con las fichas de sus hijos y sus fotos.',
  },
  {
    kind: 'p',
    text: 'Solo quedan, además, lo que exige la regla de comunicaciones indicada arriba y lo que una ley nos obligue a conservar (por ejemplo, facturas, cuando exista el cobro), durante el plazo que esa ley fije.',
  },
];

export const legalEs: LegalTexts = {
  ui: {
    lastUpdated: 'Última actualización',
    contents: 'Contenido',
    backToTop: 'Volver al índice',
    privacyPolicyOf: 'Política de privacidad de',
    otherDocuments: 'Otros documentos legales',
  },
  docs: {
    terms: {
      title: 'Términos y condiciones',
      summary: 'Las reglas para usar Nido: quién puede tener una cuenta, qué ofrece hoy el servicio, cómo funcionan los planes y qué pasa si te vas.',
      sections: [
        {
          id: 'acceptance',
          heading: '1. Aceptación',
          blocks: [
            { kind: 'p', text: 'Estos términos regulan el uso del servicio Nido, que opera una pequeña empresa de software que trabaja en remoto desde Buenos Aires, Argentina ("nosotros"). Al crear una cuenta o usar Nido aceptas estos términos, la política de privacidad y la política de cookies.' },
            { kind: 'p', text: 'Si no estás de acuerdo con alguna parte, no uses el servicio. Si algo no está claro, pregúntanos antes: preferimos explicarlo a que lo aceptes sin entenderlo.' },
          ],
        },
        {
          id: 'service',
          heading: '2. Qué es Nido',
          blocks: [
            { kind: 'p', text: 'Nido es una plataforma de código abierto para padres separados o divorciados. Sirve para llevar en un solo lugar la información de cada hijo y compartirla con quienes lo crían.' },
            { kind: 'p', text: 'Hoy puedes crear una cuenta y llevar la ficha de cada hijo: datos básicos, escuela, salud, turnos, actividades, contactos de emergencia y fotos, compartida dentro de tu familia. Desde tu perfil puedes editar tus datos y tu foto, cambiar tu email y tu contraseña, ver y cerrar tus sesiones abiertas, activar la verificación en dos pasos con una app de autenticación, descargar una copia de tus datos y cerrar tu cuenta. También puedes invitar a otras personas a tu familia, por email o con un código. Nido te avisa cuando alguien de tu familia cambia algo, dentro de la app y, si no lo desactivas, por email o con notificaciones push. Puedes conversar con los co-padres por mensajes, con adjuntos, que quedan en el registro de la familia y no se pueden editar ni borrar. También pueden compartir un calendario: eventos con recordatorios, el régimen de cuidado con sus períodos de vacaciones, cambios de noches que el otro progenitor acepta o rechaza, y un enlace privado para verlo en la app de calendario de tu teléfono. Los gastos y los documentos están en preparación; los anunciaremos cuando estén disponibles.' },
            { kind: 'p', text: 'Nido es una herramienta de organización. No da asesoramiento legal, médico ni psicológico, y no reemplaza un acuerdo de custodia ni una resolución judicial.' },
          ],
        },
        {
          id: 'eligibility',
          heading: '3. Quién puede usar Nido',
          blocks: [
            { kind: 'list', items: [
              'Para tener una cuenta debes tener 18 años o más.',
              'Los menores de edad no pueden tener una cuenta, ni siquiera con permiso de sus padres.',
              'No recogemos datos directamente de niños menores de 13 años. La información de los hijos la cargan sus padres o tutores, que son responsables de ella.',
              'Al cargar datos de un hijo declaras que tienes la responsabilidad parental o la autorización necesaria para hacerlo.',
            ] },
          ],
        },
        {
          id: 'account',
          heading: '4. Tu cuenta',
          blocks: [
            { kind: 'list', items: [
              'Cada cuenta es personal: una persona, un email. No la compartas con otros, tampoco con el otro padre; cada uno tiene la suya.',
              'Usa datos verdaderos y mantén tu email al día: es el canal por el que te avisamos de cambios importantes y por el que puedes recuperar el acceso.',
              'Cuida tu contraseña y, si puedes, activa la verificación en dos pasos desde tu perfil. Nunca te pediremos tu contraseña ni tus códigos por email, por teléfono ni por mensaje.',
              'Si crees que alguien entró en tu cuenta, cambia la contraseña (eso cierra tus demás sesiones), revisa tus sesiones abiertas en Privacidad y seguridad y escríbenos a soporte@nido.app.',
            ] },
          ],
        },
        {
          id: 'family',
          heading: '5. Familias y co-padres',
          blocks: [
            { kind: 'p', text: 'En Nido la información de los hijos pertenece a una familia. Todos los miembros de la familia ven y pueden editar las mismas fichas. Además de los dos padres, una familia puede sumar a otras personas que cuidan a los niños, como tutores, abuelos o cuidadores, invitadas por email o con un código.' },
            { kind: 'p', text: 'Invita solo a personas en las que confías para acceder a la información de tus hijos. Cada miembro responde por lo que carga y por el uso que hace de lo que ve.' },
          ],
        },
        {
          id: 'content',
          heading: '6. Tu contenido',
          blocks: [
            { kind: 'p', text: 'Lo que cargas en Nido sigue siendo tuyo y de tu familia. Nos das solo el permiso necesario para guardarlo, procesarlo (por ejemplo, reducir una foto y quitarle los datos de ubicación) y mostrarlo a los miembros de tu familia. No lo usamos para publicidad, no lo vendemos y no lo mostramos a nadie más.' },
            { kind: 'p', text: 'Eres responsable de que lo que cargas sea correcto y de tener derecho a compartirlo.' },
          ],
        },
        {
          id: 'acceptable-use',
          heading: '7. Uso aceptable',
          blocks: [
            { kind: 'p', text: 'No está permitido:' },
            { kind: 'list', items: [
              'usar Nido para acosar, amenazar o vigilar a otra persona;',
              'cargar información de niños que no están a tu cargo o datos de terceros sin su permiso;',
              'subir contenido ilegal, violento o sexual, o archivos con código malicioso;',
              'intentar entrar en cuentas ajenas, saltear los límites del servicio o sobrecargarlo;',
              'revender el acceso al servicio o hacerse pasar por otra persona.',
            ] },
          ],
        },
        {
          id: 'plans',
          heading: '8. Planes, prueba gratuita y precios',
          blocks: [
            { kind: 'p', text: 'Todos los planes incluyen las mismas funciones; solo cambia cada cuánto pagas:' },
            { kind: 'terms', items: [
              { term: 'Semanal', text: '0,99 USD por semana.' },
              { term: 'Mensual', text: '5,99 USD por mes.' },
              { term: 'Anual', text: '39,99 USD por año (un 33 % menos que doce meses del plan mensual).' },
            ] },
            { kind: 'p', text: 'Cada plan empieza con una prueba gratuita de 30 días, sin tarjeta de crédito.' },
            { kind: 'note', text: 'El cobro todavía no está activo: hoy nadie paga por usar Nido. Antes de que empiece, te avisaremos por email, y nunca se te cobrará sin que hayas elegido un plan y un medio de pago.' },
            { kind: 'p', text: 'Los precios pueden cambiar. Te avisaremos con al menos 30 días de anticipación antes de que un cambio de precio se aplique a tu plan, y podrás cancelarlo antes si no estás de acuerdo. Los precios no incluyen los impuestos que correspondan en tu país.' },
          ],
        },
        {
          id: 'cancellation',
          heading: '9. Cierre de la cuenta',
          blocks: [
            { kind: 'p', text: 'Puedes cerrar tu cuenta cuando quieras, sin costo, desde tu perfil (Editar perfil › Zona de peligro): te pedimos escribir la palabra "eliminar" y tu contraseña. La cuenta se cierra en el acto y terminan todas tus sesiones. Si lo prefieres, también puedes pedírnoslo escribiendo a soporte@nido.app desde el email de tu cuenta.' },
            { kind: 'p', text: 'Después del cierre guardamos tus datos durante 90 días; en ese plazo, si inicias sesión, te ofrecemos reactivar la cuenta. Pasados los 90 días, borramos de forma definitiva tus datos personales. Las fichas de los hijos que compartías con un co-padre que sigue usando Nido quedan con esa familia. La política de privacidad detalla qué se borra y qué se conserva.' },
          ],
        },
        {
          id: 'open-source',
          heading: '10. Software de código abierto',
          blocks: [
            { kind: 'p', text: 'El código de Nido es público y cualquiera puede instalarlo en sus propios servidores, según la licencia del proyecto. Estos términos se aplican solo al servicio Nido que operamos nosotros. Si usas una instalación de otra persona u organización, esa parte es responsable de ella y de los datos que guarda.' },
          ],
        },
        {
          id: 'availability',
          heading: '11. Disponibilidad y cambios del servicio',
          blocks: [
            { kind: 'p', text: 'Hacemos lo posible para que Nido funcione siempre, pero puede haber interrupciones por mantenimiento o por fallas. El estado del servicio se publica en la página de estado.' },
            { kind: 'p', text: 'El servicio cambia: sumamos funciones y a veces quitamos alguna. Si quitamos algo que usas, te avisaremos con tiempo para que puedas guardar tu información.' },
            { kind: 'links', items: [{ label: 'Estado del sistema', to: '/status' }] },
          ],
        },
        {
          id: 'liability',
          heading: '12. Responsabilidad',
          blocks: [
            { kind: 'p', text: 'Nido se ofrece tal como está. En la medida en que la ley lo permita, no respondemos por daños indirectos ni por decisiones tomadas a partir de información cargada por los miembros de una familia. Nada en estos términos limita los derechos que te da la ley de defensa del consumidor de tu país.' },
          ],
        },
        {
          id: 'termination',
          heading: '13. Suspensión de cuentas',
          blocks: [
            { kind: 'p', text: 'Podemos suspender o cerrar una cuenta que incumpla estos términos, sobre todo si pone en riesgo a un niño o a otra persona. Salvo urgencia o impedimento legal, te avisaremos antes y te explicaremos el motivo.' },
          ],
        },
        {
          id: 'changes',
          heading: '14. Cambios en estos términos',
          blocks: [
            { kind: 'p', text: 'Si cambiamos estos términos, actualizaremos la fecha de esta página. Si el cambio es importante, te lo avisaremos por email al menos 30 días antes de que se aplique. Si sigues usando Nido después de esa fecha, aceptas los términos nuevos.' },
          ],
        },
        {
          id: 'law',
          heading: '15. Ley aplicable',
          blocks: [
            { kind: 'p', text: 'Estos términos se rigen por las leyes de la República Argentina, y cualquier conflicto se resolverá ante los tribunales de la Ciudad Autónoma de Buenos Aires, sin perjuicio de los derechos que te reconozca la ley de tu país de residencia.' },
          ],
        },
        contactSection('¿Dudas sobre estos términos?'),
      ],
    },

    privacy: {
      title: 'Política de privacidad',
      summary: 'Qué datos guarda Nido, para qué, quién los ve, cuánto tiempo los conservamos y cómo ejercer tus derechos.',
      sections: [
        {
          id: 'summary',
          heading: 'En pocas palabras',
          blocks: [
            { kind: 'note', text: 'Guardamos solo lo necesario para que tu familia organice la vida de sus hijos. Lo ven solo los miembros de tu familia. No vendemos datos, no mostramos publicidad y no usamos rastreadores publicitarios.' },
          ],
        },
        {
          id: 'controller',
          heading: '1. Quién es responsable',
          blocks: [
            { kind: 'p', text: 'El responsable de los datos del servicio Nido es la pequeña empresa de software que lo opera, que trabaja en remoto desde Buenos Aires, Argentina. Para cualquier tema de privacidad escríbenos a soporte@nido.app.' },
            { kind: 'p', text: 'Nido es software de código abierto. Si usas una instalación operada por otra persona u organización, el responsable de tus datos es quien opera esa instalación.' },
          ],
        },
        {
          id: 'data',
          heading: '2. Qué datos guardamos',
          blocks: [
            { kind: 'terms', items: [
              { term: 'Tu cuenta', text: 'Nombre, apellido, email (y si ya lo confirmaste), teléfono (opcional), foto de perfil (opcional), idioma preferido y tu contraseña, guardada solo como hash. Si pides cambiar de email, también la dirección nueva, hasta que la confirmes o venza el enlace.' },
              { term: 'Fichas de los hijos', text: 'Lo que tú y los demás miembros de la familia cargan: nombre, fecha de nacimiento, datos escolares, información de salud (grupo sanguíneo, alergias, medicación, condiciones), turnos médicos, actividades, contactos de emergencia y fotos.' },
              { term: 'Sesiones', text: 'Cuando inicias sesión creamos un identificador aleatorio; en nuestros servidores guardamos solo su hash, junto con el navegador, la dirección IP y la fecha de última actividad, para que puedas ver tus sesiones abiertas y cerrar las que no reconozcas.' },
              { term: 'Verificación en dos pasos', text: 'Si la activas, la clave de tu app de autenticación (la necesitamos para comprobar cada código) y tus códigos de recuperación, guardados solo como hash.' },
              { term: 'Registros técnicos', text: 'La dirección IP y la hora de algunos pedidos, durante poco tiempo, para frenar intentos de acceso abusivos y diagnosticar errores.' },
              { term: 'Notificaciones', text: 'Tus avisos, si ya los leíste, y tus preferencias: qué recibir por email o push, horas de silencio, modo discreto y resumen. Por cada dispositivo en el que activas las notificaciones push, la dirección que te asigna el servicio de notificaciones de ese navegador (de Google, Apple o Mozilla, según el navegador), sus claves y el nombre del navegador. Ese servicio recibe cada notificación cifrada para tu dispositivo y no puede leerla. Lo borramos cuando quitas el dispositivo, cierras sesión en él o el servicio nos dice que ya no existe.' },
              { term: 'Mensajes entre co-padres', text: 'Las conversaciones (tema, asunto y participantes), cada mensaje con su texto, tipo, adjuntos y la hora en que cada destinatario lo vio por primera vez, y tu elección del escudo. Los adjuntos se guardan cifrados; las imágenes, sin datos de ubicación. El texto se revisa dentro de Nido para la ayuda con el tono, sin enviarlo a otro servicio.' },
              { term: 'Comunicaciones', text: 'Los mensajes que nos envías a soporte o desde el formulario de contacto.' },
            ] },
          ],
        },
        {
          id: 'children',
          heading: '3. Datos de los niños',
          blocks: [
            { kind: 'list', items: [
              'Solo los mayores de 18 años pueden tener una cuenta; los menores no pueden registrarse.',
              'No recogemos datos directamente de niños menores de 13 años. Los datos de los hijos los cargan sus padres o tutores, que son responsables de ellos.',
              'La información de salud de los niños se trata solo para llevar la ficha de la familia y con el consentimiento de los padres. No la usamos para nada más.',
              'Si crees que un niño nos dio datos sin un adulto responsable, escríbenos y los borraremos.',
            ] },
          ],
        },
        {
          id: 'use',
          heading: '4. Para qué usamos los datos',
          blocks: [
            { kind: 'list', items: [
              'Prestar el servicio: guardar las fichas y mostrarlas a los miembros de tu familia.',
              'Enviarte emails del servicio: confirmar tu dirección o un cambio de email, restablecer la contraseña, avisarte de que cambió tu contraseña o de que cerraste tu cuenta, y acusar recibo de lo que nos escribes. No enviamos publicidad.',
              'Proteger las cuentas y el servicio frente a accesos indebidos y abusos.',
              'Responder tus consultas y cumplir obligaciones legales.',
            ] },
            { kind: 'p', text: 'No vendemos ni alquilamos datos, no armamos perfiles publicitarios y no tomamos decisiones automáticas sobre ti.' },
          ],
        },
        {
          id: 'legal-bases',
          heading: '5. Bases legales',
          blocks: [
            { kind: 'p', text: 'Tratamos los datos porque son necesarios para el contrato que aceptas al crear la cuenta, porque nos das tu consentimiento (por ejemplo, para la información de salud de tus hijos), porque una ley nos obliga o por nuestro interés legítimo en mantener el servicio seguro. La página sobre el RGPD lo explica en detalle.' },
          ],
        },
        {
          id: 'sharing',
          heading: '6. Quién puede ver tus datos',
          blocks: [
            { kind: 'list', items: [
              'Los miembros de tu familia en Nido, y nadie más, ven las fichas de los hijos y los datos básicos de los demás miembros.',
              'Los proveedores que necesitamos para operar, como el alojamiento de los servidores o el envío de emails, solo en la medida necesaria y bajo contrato.',
              'Una autoridad, solo si una ley o una orden judicial nos obliga; en ese caso revisamos que el pedido sea válido.',
            ] },
          ],
        },
        {
          id: 'security',
          heading: '7. Cómo protegemos los datos',
          blocks: [
            { kind: 'list', items: [
              'Las contraseñas se guardan como hash argon2id: ni nosotros podemos leerlas.',
              'Las sesiones usan identificadores aleatorios que guardamos con hash; si alguien leyera la base de datos, no podría usarlos para entrar.',
              'Las fotos se vuelven a codificar al subirlas y pierden sus metadatos, incluidos los de ubicación (EXIF y GPS).',
              'Los archivos se sirven solo a los miembros de la familia, mediante enlaces firmados que vencen al poco tiempo.',
              'Cada pedido comprueba que quien lo hace pertenece a la familia de ese niño.',
              'Puedes activar la verificación en dos pasos con una app de autenticación; los códigos de recuperación se guardan con hash y sirven una sola vez.',
              'Al cambiar la contraseña se cierran tus demás sesiones, y desde tu perfil puedes cerrar cualquier sesión abierta.',
              'Limitamos los intentos repetidos de inicio de sesión, de códigos de verificación y de recuperación de contraseña.',
            ] },
          ],
        },
        {
          id: 'storage',
          heading: '8. Dónde se guardan',
          blocks: [
            { kind: 'p', text: 'Los datos se guardan en los servidores que elige quien opera el servicio: una base de datos (SQLite o PostgreSQL) y un almacén de archivos para las fotos. Si algún proveedor está fuera de tu país, aplicamos las garantías que exige la ley, como se explica en la página sobre el RGPD.' },
          ],
        },
        {
          id: 'retention',
          heading: '9. Cuánto tiempo los conservamos',
          blocks: [retention],
        },
        {
          id: 'deletion',
          heading: '10. Qué pasa cuando cierras tu cuenta',
          blocks: erasure,
        },
        {
          id: 'rights',
          heading: '11. Tus derechos',
          blocks: [
            { kind: 'p', text: 'Puedes pedirnos acceder a tus datos, corregirlos, borrarlos, limitar su uso, oponerte a un tratamiento, recibirlos en un formato portable o retirar tu consentimiento.' },
            { kind: 'list', items: [
              'Tus datos los corriges tú mismo desde tu perfil, y los de tus hijos desde su ficha. También desde tu perfil cierras tu cuenta, lo que pone en marcha el borrado.',
              'La copia de tus datos la descargas tú desde Perfil › Privacidad y seguridad, en "Tus datos": un archivo ZIP con tu cuenta, tus sesiones, tus familias y sus miembros, la ficha completa de cada hijo con sus fotos y lo que le escribiste a soporte.',
              'Para el resto, o si prefieres pedirlo por email, escríbenos a soporte@nido.app desde el email de tu cuenta.',
              'Respondemos cada pedido en un plazo máximo de 30 días hábiles. Si te aplica el RGPD, rige su plazo: un mes, prorrogable dos meses más en pedidos complejos.',
            ] },
          ],
        },
        {
          id: 'cookies',
          heading: '12. Cookies y almacenamiento local',
          blocks: [
            { kind: 'p', text: 'Nido no usa cookies de analítica ni de publicidad. En el almacenamiento local de tu navegador guarda solo tu identificador de sesión y el idioma que elegiste. La política de cookies lo detalla.' },
          ],
        },
        {
          id: 'changes',
          heading: '13. Cambios en esta política',
          blocks: [
            { kind: 'p', text: 'Si cambiamos esta política, actualizaremos la fecha de esta página. Si el cambio afecta a cómo usamos tus datos, te avisaremos por email antes de que se aplique.' },
          ],
        },
        contactSection('¿Preguntas sobre tus datos?', [
          { label: 'Tus derechos (RGPD)', to: '/gdpr' },
          { label: 'Política de cookies', to: '/cookies' },
        ]),
      ],
    },

    cookies: {
      title: 'Política de cookies',
      summary: 'Qué son las cookies, qué guarda Nido en tu navegador (muy poco) y cómo controlarlo.',
      sections: [
        {
          id: 'what',
          heading: '1. Qué son las cookies',
          blocks: [
            { kind: 'p', text: 'Las cookies son pequeños archivos que un sitio web guarda en tu navegador. Otras tecnologías parecidas, como el almacenamiento local (localStorage), también permiten que un sitio recuerde algo entre una visita y otra. En esta política llamamos "cookies" a todas.' },
          ],
        },
        {
          id: 'nido',
          heading: '2. Qué usa Nido hoy',
          blocks: [
            { kind: 'note', text: 'Nido no instala cookies de analítica ni de publicidad. Solo guarda en tu navegador los datos de esta lista, y todos son necesarios para que el servicio funcione como pediste.' },
            { kind: 'terms', items: [
              { term: 'token', text: 'Tu identificador de sesión, para que sigas conectado entre una página y otra. Se borra al cerrar sesión. En nuestro servidor guardamos solo su hash.' },
              { term: 'language', text: 'El idioma que elegiste (es o en), para mostrarte Nido en ese idioma.' },
              { term: 'nido-assets', text: 'Una copia de los archivos del programa de Nido, nunca de tus datos, para que abra más rápido y funcione instalado en la pantalla de inicio. Se vacía al cerrar sesión.' },
            ] },
          ],
        },
        {
          id: 'essential',
          heading: '3. Cookies esenciales',
          blocks: [
            { kind: 'p', text: 'Son las imprescindibles para que un sitio funcione; sin ellas no podrías iniciar sesión o el sitio no sería seguro. No requieren consentimiento. Ejemplos habituales:' },
            { kind: 'list', items: [
              'mantener la sesión iniciada;',
              'proteger formularios frente a envíos falsificados;',
              'repartir la carga entre servidores;',
              'recordar las preferencias de cookies que elegiste.',
            ] },
            { kind: 'p', text: 'En Nido: el identificador de sesión (token).' },
          ],
        },
        {
          id: 'analytics',
          heading: '4. Cookies de analítica',
          blocks: [
            { kind: 'p', text: 'Miden cómo se usa un sitio para mejorarlo. Ejemplos habituales:' },
            { kind: 'list', items: [
              'contar visitas y páginas vistas;',
              'medir cuánto tiempo se pasa en cada página;',
              'detectar errores y páginas que cargan lento;',
              'saber desde qué sitio llegó un visitante.',
            ] },
            { kind: 'p', text: 'En Nido: ninguna. Si algún día sumamos estadísticas, te pediremos permiso antes, no usaremos herramientas de publicidad y los datos se anonimizarán a más tardar a los 26 meses.' },
          ],
        },
        {
          id: 'functional',
          heading: '5. Cookies funcionales',
          blocks: [
            { kind: 'p', text: 'Recuerdan tus elecciones para que no tengas que repetirlas. Ejemplos habituales:' },
            { kind: 'list', items: [
              'el idioma de la interfaz;',
              'la región o la zona horaria;',
              'preferencias de visualización, como el tamaño del texto.',
            ] },
            { kind: 'p', text: 'En Nido: el idioma que elegiste (language).' },
          ],
        },
        {
          id: 'marketing',
          heading: '6. Cookies de marketing',
          blocks: [
            { kind: 'p', text: 'Siguen a una persona entre sitios para mostrarle publicidad. Ejemplos habituales:' },
            { kind: 'list', items: [
              'anuncios basados en las páginas que visitaste;',
              'píxeles que avisan a una red publicitaria de una compra o un registro;',
              'medición de campañas publicitarias.',
            ] },
            { kind: 'p', text: 'En Nido: ninguna, y no tenemos planes de usarlas.' },
          ],
        },
        {
          id: 'third-parties',
          heading: '7. Terceros',
          blocks: [
            { kind: 'p', text: 'Hoy Nido no carga contenido ni cookies de terceros. En el blog hay botones para compartir un artículo: son enlaces simples y no cargan nada de esas redes mientras no los uses. Si haces clic, se abre el sitio de la red social y, desde ese momento, se aplican sus propias políticas:' },
            { kind: 'parties', items: [
              { name: 'X', purpose: 'Compartir un artículo del blog en X.', policyUrl: 'https://x.com/es/privacy' },
              { name: 'Facebook', purpose: 'Compartir un artículo del blog en Facebook (Meta).', policyUrl: 'https://www.facebook.com/privacy/policy/' },
              { name: 'LinkedIn', purpose: 'Compartir un artículo del blog en LinkedIn.', policyUrl: 'https://www.linkedin.com/legal/privacy-policy' },
            ] },
          ],
        },
        {
          id: 'manage',
          heading: '8. Cómo gestionarlas',
          blocks: [
            { kind: 'p', text: 'Todos los navegadores permiten ver, bloquear y borrar cookies y datos de sitios desde su configuración:' },
            { kind: 'list', items: [
              'Chrome: Configuración › Privacidad y seguridad › Cookies y otros datos de sitios.',
              'Firefox: Ajustes › Privacidad y seguridad › Cookies y datos del sitio.',
              'Safari: Ajustes › Privacidad › Gestionar datos de sitios web.',
              'Edge: Configuración › Cookies y permisos del sitio.',
              'En el teléfono, busca la opción equivalente en los ajustes de tu navegador.',
            ] },
            { kind: 'p', text: 'Para oponerte a la analítica y la publicidad en otros sitios, puedes bloquear las cookies de terceros, activar la señal Global Privacy Control si tu navegador la ofrece o usar la navegación privada.' },
            { kind: 'p', text: 'En Nido no hay nada de lo que darse de baja. Si borras el almacenamiento local, se cerrará tu sesión y volverás a ver el idioma de tu navegador; si lo bloqueas, no podrás mantener la sesión iniciada.' },
          ],
        },
        {
          id: 'rights',
          heading: '9. Tus derechos',
          blocks: [
            { kind: 'p', text: 'Puedes borrar en cualquier momento lo que Nido guarda en tu navegador. Sobre los datos personales que guardamos en el servidor tienes los derechos de acceso, corrección, borrado y los demás que explica la política de privacidad.' },
            { kind: 'links', items: [
              { label: 'Política de privacidad', to: '/privacy' },
              { label: 'Tus derechos (RGPD)', to: '/gdpr' },
            ] },
          ],
        },
        {
          id: 'changes',
          heading: '10. Cambios en esta política',
          blocks: [
            { kind: 'p', text: 'Si algún día Nido guarda algo más en tu navegador, actualizaremos esta página antes de hacerlo, y para todo lo que no sea esencial te pediremos permiso.' },
          ],
        },
        contactSection('¿Preguntas sobre esta política?'),
      ],
    },

    gdpr: {
      title: 'Tus derechos según el RGPD',
      summary: 'Cómo aplica Nido el Reglamento General de Protección de Datos de la Unión Europea y cómo puedes ejercer tus derechos.',
      sections: [
        {
          id: 'intro',
          heading: '1. Introducción',
          blocks: [
            { kind: 'p', text: 'El Reglamento General de Protección de Datos (RGPD) protege a las personas que están en la Unión Europea y el Espacio Económico Europeo. Nido se opera desde Argentina, pero aplicamos estos derechos a todas las personas que lo usan, estén donde estén.' },
          ],
        },
        {
          id: 'personal-data',
          heading: '2. Qué son datos personales',
          blocks: [
            { kind: 'p', text: 'Es cualquier información sobre una persona identificada o identificable. En Nido, por ejemplo:' },
            { kind: 'list', items: [
              'tu nombre, apellido, email, teléfono y foto de perfil;',
              'los datos de tus hijos: nombre, fecha de nacimiento, escuela, salud, actividades y fotos;',
              'los contactos de emergencia que cargas;',
              'la dirección IP desde la que te conectas;',
              'los mensajes que nos envías.',
            ] },
          ],
        },
        {
          id: 'legal-bases',
          heading: '3. Bases legales',
          blocks: [
            { kind: 'terms', items: [
              { term: 'Consentimiento', text: 'Para la información de salud de tus hijos y para cualquier email opcional. Puedes retirarlo cuando quieras.' },
              { term: 'Contrato', text: 'Para prestarte el servicio que aceptas al crear tu cuenta: guardar las fichas y mostrarlas a tu familia.' },
              { term: 'Obligación legal', text: 'Para conservar lo que una ley exija o responder a una orden judicial.' },
              { term: 'Interés legítimo', text: 'Para proteger el servicio frente a abusos y accesos indebidos, siempre sin pasar por encima de tus derechos.' },
            ] },
          ],
        },
        {
          id: 'rights',
          heading: '4. Tus ocho derechos',
          blocks: [
            { kind: 'terms', items: [
              { term: 'Acceso (artículo 15)', text: 'Saber si tratamos tus datos y recibir una copia. Puedes descargarla tú mismo desde tu perfil, en "Tus datos".' },
              { term: 'Rectificación (artículo 16)', text: 'Corregir datos incorrectos o incompletos.' },
              { term: 'Supresión (artículo 17)', text: 'Pedir que borremos tus datos cuando ya no sean necesarios o retires tu consentimiento. Al cerrar tu cuenta desde el perfil se ponen en marcha el período de gracia y el borrado.' },
              { term: 'Limitación (artículo 18)', text: 'Pedir que dejemos de usar tus datos mientras se resuelve un reclamo sobre ellos.' },
              { term: 'Portabilidad (artículo 20)', text: 'Recibir tus datos en un formato estructurado y de uso común, para llevarlos a otro servicio. La descarga de "Tus datos" es un ZIP con archivos JSON y tus fotos.' },
              { term: 'Oposición (artículo 21)', text: 'Oponerte a un tratamiento basado en nuestro interés legítimo.' },
              { term: 'Decisiones automatizadas (artículo 22)', text: 'No ser objeto de decisiones basadas solo en un tratamiento automático. Nido no toma decisiones de ese tipo.' },
              { term: 'Retirar el consentimiento', text: 'Retirar en cualquier momento un consentimiento que diste, sin que eso afecte lo hecho antes.' },
            ] },
          ],
        },
        {
          id: 'exercise',
          heading: '5. Cómo ejercerlos',
          blocks: [
            { kind: 'list', items: [
              'Escríbenos a soporte@nido.app desde el email de tu cuenta e indica qué derecho quieres ejercer.',
              'Si no podemos confirmar que eres tú, te pediremos algún dato adicional; nunca tu contraseña.',
              'Es gratis. Respondemos en un plazo de un mes, que puede extenderse dos meses más si el pedido es complejo o son muchos; en ese caso te avisamos dentro del primer mes.',
              'Algunos derechos los ejerces tú mismo desde tu perfil, sin esperar respuesta: descargar tus datos (artículos 15 y 20), corregir los de tu cuenta (artículo 16) y cerrar la cuenta, que lleva al borrado (artículo 17).',
            ] },
          ],
        },
        {
          id: 'protection',
          heading: '6. Medidas de protección',
          blocks: [
            { kind: 'list', items: [
              'Contraseñas guardadas como hash argon2id.',
              'Sesiones con identificadores aleatorios guardados con hash, que se borran tras 30 días sin uso.',
              'Fotos recodificadas, sin metadatos de ubicación (EXIF y GPS), servidas solo a la familia mediante enlaces que vencen.',
              'Acceso a cada ficha limitado a los miembros de la familia.',
              'Verificación en dos pasos opcional con una app de autenticación, con códigos de recuperación guardados con hash.',
              'Una lista de tus sesiones abiertas, desde la que puedes cerrar cualquiera.',
              'Límites a los intentos repetidos de inicio de sesión y de códigos de verificación.',
              'Sin rastreadores publicitarios.',
            ] },
          ],
        },
        {
          id: 'transfers',
          heading: '7. Transferencias internacionales',
          blocks: [
            { kind: 'p', text: 'Nido se opera desde Argentina, un país al que la Comisión Europea reconoce un nivel de protección de datos adecuado. Si usamos un proveedor en otro país sin ese reconocimiento, lo hacemos con las garantías que exige el RGPD, como las cláusulas contractuales tipo.' },
          ],
        },
        {
          id: 'retention',
          heading: '8. Conservación',
          blocks: [retention, ...erasure],
        },
        {
          id: 'special-categories',
          heading: '9. Categorías especiales de datos',
          blocks: [
            { kind: 'p', text: 'La información de salud de los niños (alergias, medicación, condiciones, grupo sanguíneo, turnos médicos) es una categoría especial de datos. La tratamos solo para llevar la ficha de la familia, con el consentimiento de los padres, y solo la ven los miembros de esa familia. Puedes borrarla de la ficha en cualquier momento.' },
          ],
        },
        {
          id: 'dpo',
          heading: '10. Delegado de protección de datos',
          blocks: [
            { kind: 'p', text: 'Puedes contactar a la persona encargada de la protección de datos escribiendo a soporte@nido.app con el asunto "Protección de datos".' },
          ],
        },
        {
          id: 'complaints',
          heading: '11. Reclamos',
          blocks: [
            { kind: 'p', text: 'Si crees que no tratamos bien tus datos, puedes presentar un reclamo ante la autoridad de control de tu país. En Argentina es la Agencia de Acceso a la Información Pública. Te agradeceremos que antes nos escribas: muchas veces podemos resolverlo enseguida.' },
          ],
        },
        contactSection('¿Quieres ejercer un derecho o tienes dudas?'),
      ],
    },

    emailTerms: {
      title: 'Términos de los emails',
      summary: 'Qué emails envía Nido, cuáles puedes dejar de recibir y cómo reconocer uno verdadero.',
      sections: [
        {
          id: 'scope',
          heading: '1. Alcance',
          blocks: [
            { kind: 'p', text: 'Estos términos explican los emails que recibes por tener una cuenta en Nido o porque alguien te invitó. Completan los términos y condiciones del servicio.' },
          ],
        },
        {
          id: 'types',
          heading: '2. Qué emails enviamos',
          blocks: [
            { kind: 'terms', items: [
              { term: 'Cuenta', text: 'Avisos importantes sobre tu cuenta o el servicio, como un cambio en estos términos o en los precios, y la confirmación de que cerraste tu cuenta, con la fecha en que se borrarán tus datos.' },
              { term: 'Confirmar tu email', text: 'Al registrarte, un enlace para confirmar tu dirección. Al cambiarla, un enlace a la dirección nueva: el cambio se hace solo cuando lo abres.' },
              { term: 'Seguridad', text: 'El aviso de que cambió tu contraseña y, cuando se pide cambiar tu email, un aviso a tu dirección anterior.' },
              { term: 'Restablecer la contraseña', text: 'El enlace que pides desde "¿Olvidaste tu contraseña?".' },
              { term: 'Formulario de contacto', text: 'Un acuse de recibo cuando nos escribes, para que sepas que tu mensaje llegó.' },
              { term: 'Invitaciones', text: 'Cuando un miembro de una familia te invita a sumarte.' },
              { term: 'Notificaciones', text: 'Avisos de tu familia, como un cambio en la ficha de un hijo o alguien que se suma a la familia, y un resumen diario o semanal (semanal, si no eliges otra cosa). Eliges cuáles recibir, o ninguno, en tu perfil.' },
            ] },
            { kind: 'p', text: 'No enviamos publicidad ni compartimos tu email con otros para que te la envíen. Nuestros emails no llevan píxeles de seguimiento ni enlaces que registren tus clics.' },
          ],
        },
        {
          id: 'optional',
          heading: '3. Emails obligatorios y opcionales',
          blocks: [
            { kind: 'p', text: 'Los emails de cuenta, confirmación, seguridad y contraseña son parte del servicio y los recibirás mientras tengas una cuenta. Las notificaciones y el resumen son opcionales: puedes apagarlos desde tu perfil, en Notificaciones, o con el enlace para darte de baja que trae cada uno. Si recibes una invitación que no esperabas, ignórala: no se crea ninguna cuenta.' },
          ],
        },
        {
          id: 'links',
          heading: '4. Los enlaces vencen',
          blocks: [
            { kind: 'p', text: 'Los enlaces de nuestros emails llevan directo a Nido y vencen: el de confirmar tu email dura 7 días; el de confirmar un cambio de email, 24 horas; el de restablecer la contraseña, 1 hora. Cada uno sirve una sola vez. El de una invitación dura 7 días, sirve una sola vez y solo para la dirección a la que se envió. No los reenvíes: quien tenga el enlace puede usarlo.' },
          ],
        },
        {
          id: 'password',
          heading: '5. Nunca te pediremos tu contraseña',
          blocks: [
            { kind: 'note', text: 'Ningún email de Nido te pedirá tu contraseña, datos de tarjetas ni tus códigos de verificación o de recuperación. Si recibes uno así, es un engaño: no respondas y reenvíalo a soporte@nido.app.' },
          ],
        },
        {
          id: 'your-part',
          heading: '6. Tu parte',
          blocks: [
            { kind: 'list', items: [
              'Mantén tu email al día para recibir los avisos de seguridad.',
              'Invita solo a personas que conoces y que tienen relación con tus hijos.',
              'Si no encuentras un email nuestro, revisa la carpeta de spam.',
            ] },
          ],
        },
        {
          id: 'changes',
          heading: '7. Cambios',
          blocks: [
            { kind: 'p', text: 'Si cambiamos estos términos, actualizaremos la fecha de esta página y, si el cambio es importante, te lo avisaremos por email.' },
            { kind: 'links', items: [
              { label: 'Privacidad de los emails', to: '/email-privacy' },
              { label: 'Términos y condiciones', to: '/terms' },
            ] },
          ],
        },
        contactSection('¿Preguntas sobre nuestros emails?'),
      ],
    },

    emailPrivacy: {
      title: 'Privacidad de los emails',
      summary: 'Qué datos usan los emails de Nido, por qué no llevan rastreo y cómo dejar de recibir los opcionales.',
      sections: [
        {
          id: 'scope',
          heading: '1. Alcance',
          blocks: [
            { kind: 'p', text: 'Esta página completa la política de privacidad con lo que se refiere a los emails que envía Nido: la confirmación de tu dirección y de los cambios de email, el restablecimiento y el cambio de la contraseña, el aviso de cierre de la cuenta, los acuses del formulario de contacto, las invitaciones, las notificaciones y el resumen periódico.' },
          ],
        },
        {
          id: 'data',
          heading: '2. Qué datos usamos',
          blocks: [
            { kind: 'list', items: [
              'tu email, para enviarte el mensaje;',
              'tu nombre, para saludarte;',
              'tu idioma, para escribirte en español o en inglés;',
              'lo justo del motivo del email: por ejemplo, en el aviso de un cambio de email, la dirección nueva; en el de cierre de la cuenta, la fecha del borrado.',
            ] },
          ],
        },
        {
          id: 'no-tracking',
          heading: '3. Sin rastreo',
          blocks: [
            { kind: 'note', text: 'Nuestros emails no llevan píxeles de seguimiento: no sabemos si abriste un email ni cuándo. Los enlaces apuntan directo a Nido, sin redirecciones que registren tus clics.' },
          ],
        },
        {
          id: 'delivery',
          heading: '4. Cómo se envían',
          blocks: [
            { kind: 'p', text: 'Los emails salen del servidor de correo que usa quien opera el servicio o de un proveedor de envío que actúa por nuestra cuenta, solo para entregarlos. Guardamos un registro mínimo de cada envío (tipo de email, fecha y destinatario) para seguridad y para atender reclamos, según los plazos de la política de privacidad.' },
          ],
        },
        {
          id: 'optional',
          heading: '5. Cómo dejar de recibirlos',
          blocks: [
            { kind: 'p', text: 'Las notificaciones y el resumen se pueden apagar desde tu perfil, en Notificaciones, o con el enlace para darte de baja de cada email, con un solo clic. Los emails de seguridad y de contraseña no se pueden apagar mientras tengas cuenta, porque protegen tu acceso. Si cierras la cuenta, te enviamos un último email que lo confirma y, salvo que la reabras, no volvemos a escribirte.' },
          ],
        },
        {
          id: 'security',
          heading: '6. Seguridad',
          blocks: [
            { kind: 'list', items: [
              'Nunca te pediremos tu contraseña por email.',
              'Los enlaces vencen: el de restablecer la contraseña, en 1 hora y tras un solo uso; el de un cambio de email, en 24 horas; el de confirmación, en 7 días.',
              'Cuando se pide cambiar tu email, avisamos también a la dirección anterior, para que sepas si no fuiste tú.',
              'Antes de escribir tu contraseña, revisa que la dirección del navegador sea la de Nido.',
              'Si un email que parece nuestro te resulta sospechoso, reenvíalo a soporte@nido.app.',
            ] },
          ],
        },
        {
          id: 'rights',
          heading: '7. Tus derechos',
          blocks: [
            { kind: 'p', text: 'Tienes sobre estos datos los mismos derechos que sobre el resto. Respondemos en un plazo máximo de 30 días hábiles, o en el plazo del RGPD si te aplica.' },
            { kind: 'links', items: [
              { label: 'Política de privacidad', to: '/privacy' },
              { label: 'Términos de los emails', to: '/email-terms' },
            ] },
          ],
        },
        contactSection('¿Preguntas sobre tus datos en los emails?'),
      ],
    },
  },
};
