import { PLANS, TRIAL_DAYS } from '../plans';
import type { FaqContent } from './types';

const price = (id: (typeof PLANS)[number]['id']) => PLANS.find((p) => p.id === id)?.price;

const es: FaqContent = {
  ui: {
    title: 'Preguntas frecuentes',
    lead: 'Respuestas breves sobre Nido, tu cuenta y el cuidado de tus datos.',
    metaDescription: 'Respuestas sobre Nido: qué hace hoy, cuánto cuesta, cómo funciona tu cuenta y quién ve la información de tus hijos.',
    tabsLabel: 'Temas',
    searchLabel: 'Buscar en este tema',
    searchPlaceholder: 'Escribe una palabra, por ejemplo «foto»',
    noMatches: 'No hay preguntas que coincidan con tu búsqueda',
    noItems: 'No hay preguntas disponibles en esta categoría',
    moreTitle: '¿Te quedó alguna duda?',
    moreBody: 'Escríbenos y te respondemos por email, o consulta las guías paso a paso del centro de ayuda.',
    contactCta: 'Contactar a soporte',
    helpCta: 'Ir al centro de ayuda',
  },
  tabs: {
    general: {
      label: 'General',
      items: [
        {
          question: '¿Qué es Nido?',
          answer:
            'Nido es una plataforma web para madres y padres que crían desde dos casas. Reúne la información de cada hijo (escuela, salud, turnos médicos, actividades, contactos de emergencia y una foto) y la comparte con su familia, para que nadie tenga que preguntar dos veces.',
        },
        {
          question: '¿Para quién es?',
          answer:
            'Para padres y madres separados o divorciados, y para otros adultos que crían a los chicos, como abuelos, tutores o cuidadores: se suman a la familia para ver la información de los chicos, sin cambiarla. Todas las personas que usan Nido deben tener 18 años o más.',
        },
        {
          question: '¿Cuánto cuesta?',
          answer: `Puedes empezar gratis. Los planes pagos cuestan US$ ${price('weekly')} por semana, US$ ${price('monthly')} por mes o US$ ${price('annual')} por año (un 33 % menos que el mensual). Todos incluyen las mismas funciones y ${TRIAL_DAYS} días de prueba sin tarjeta. El cobro de los planes todavía no está activo (próximamente): hoy no se cobra nada.`,
        },
        {
          question: '¿En qué idiomas está Nido?',
          answer:
            'En español y en inglés. Cada persona elige el suyo con el selector ES / EN, así que dos co-padres pueden usar Nido en idiomas distintos y ver la misma información.',
        },
        {
          question: '¿Qué puedo hacer hoy y qué llega más adelante?',
          answer:
            'Hoy puedes crear tu cuenta, completar la ficha de tus hijos (que queda compartida con tu familia) y manejar tu cuenta desde el perfil: tus datos y tu foto, la contraseña, las sesiones abiertas, la verificación en dos pasos, la descarga de tus datos y el cierre de la cuenta; también invitar al otro padre o madre y a quien cuide a tus hijos, por email o con un código. Nido te avisa cuando alguien de tu familia cambia algo: en la campana, por email o con notificaciones push, como elijas en Perfil › Notificaciones. Y puedes conversar con los co-padres en Mensajes: por tema, con fotos y PDF, con la hora en que cada uno vio cada mensaje, ayuda con el tono y un registro que nadie puede editar ni borrar. En Calendario organizan la custodia y los eventos, y en Finanzas comparten los gastos con sus comprobantes, los aprueban, registran los pagos y la cuota alimentaria. Estamos construyendo los documentos (próximamente).',
        },
      ],
    },
    account: {
      label: 'Cuenta',
      items: [
        {
          question: '¿Cómo creo una cuenta?',
          answer:
            'Toca «Empezar gratis» y completa nombre, apellido, email, teléfono (opcional) y una contraseña de al menos 8 caracteres. Al registrarte, Nido crea el espacio de tu familia y te envía un enlace para confirmar tu email; mientras tanto ya puedes agregar a tus hijos.',
        },
        {
          question: 'Olvidé mi contraseña, ¿qué hago?',
          answer:
            'En la pantalla de inicio de sesión toca «¿Olvidaste tu contraseña?» y escribe tu email. Te enviamos un enlace que vence en 1 hora y sirve una sola vez; con él eliges una contraseña nueva.',
        },
        {
          question: '¿Cómo invito al otro padre o madre?',
          answer:
            'En Perfil › Co-padres puedes invitarlo por email o crear un código de 8 caracteres para dictárselo. Quien acepta crea su cuenta (o usa la que tiene) y queda conectado a tu familia, con acceso a la misma información de tus hijos; tú eliges si es co-padre o de solo lectura.',
        },
        {
          question: '¿Nido tiene verificación en dos pasos?',
          answer:
            'Sí, con una aplicación de autenticación. Actívala en Perfil › Privacidad y seguridad: escaneas el código QR (o escribes la clave a mano), confirmas con un código de la app y guardas los 10 códigos de recuperación, que se muestran una sola vez. Desde ese momento, al iniciar sesión Nido te pide también un código de 6 dígitos. No enviamos códigos por SMS: la verificación funciona solo con la app.',
        },
        {
          question: '¿Qué pasa si doy de baja mi cuenta?',
          answer:
            'La cierras tú mismo en Editar perfil › Zona de peligro, escribiendo «eliminar» y tu contraseña. La cuenta se cierra en el acto y se cierran todas tus sesiones. Si vuelves a iniciar sesión dentro de los 90 días, Nido te ofrece reabrirla tal como estaba. Pasado ese plazo se borran tus datos personales y la cuenta; las fichas de los hijos que compartes con un co-padre que sigue usando Nido quedan en esa familia.',
        },
      ],
    },
    technical: {
      label: 'Técnico',
      items: [
        {
          question: '¿Necesito instalar algo?',
          answer:
            'No. Nido funciona en el navegador del teléfono, la tablet o la computadora, en versiones recientes de Chrome, Firefox, Safari o Edge. Si quieres, puedes instalarlo en la pantalla de inicio como una app, sin pasar por una tienda: así se abre desde su ícono y puede enviarte notificaciones. Las aplicaciones para iOS y Android de las tiendas están en camino.',
        },
        {
          question: '¿Qué fotos puedo subir?',
          answer: 'Imágenes JPG, PNG, GIF o WebP de hasta 5 MB. Si tu foto pesa más, recórtala o redúcela con el editor de tu teléfono.',
        },
        {
          question: 'No me llega el correo para restablecer la contraseña',
          answer:
            'Revisa spam y promociones, y confirma que escribiste bien el email: por seguridad mostramos el mismo aviso exista o no la cuenta. Si el correo llega después de una hora, el enlace ya venció; pide otro.',
        },
        {
          question: '¿Por qué tengo que volver a iniciar sesión?',
          answer:
            'Tu sesión se guarda en el navegador. Se cierra si tocas «Cerrar sesión», si borras los datos del sitio, si usas una ventana privada y la cierras, si pasan 30 días sin usarla, o si desde otro dispositivo cambiaste la contraseña o cerraste esa sesión en Privacidad y seguridad. Entra de nuevo con tu email y tu contraseña.',
        },
        {
          question: '¿Mis cambios se ven enseguida en la familia?',
          answer:
            'Sí. La ficha de cada hijo es una sola para toda la familia: lo que guardas queda disponible para los demás integrantes la próxima vez que abran o actualicen la página.',
        },
      ],
    },
    privacy: {
      label: 'Privacidad',
      items: [
        {
          question: '¿Quién puede ver la información de mis hijos?',
          answer: 'Solo las personas de tu familia en Nido. No es pública y no aparece en buscadores.',
        },
        {
          question: '¿Qué pasa con la ubicación de las fotos?',
          answer:
            'Las fotos tomadas con el teléfono suelen guardar el lugar donde se sacaron. Nido quita esos datos de ubicación al guardar cada foto.',
        },
        {
          question: '¿Mis hijos pueden tener su propia cuenta?',
          answer:
            'No. Nido es solo para personas de 18 años o más. La información de los chicos la cargan los adultos de la familia.',
        },
        {
          question: '¿Puedo borrar la información de un hijo?',
          answer:
            'Sí. En la ficha, «Eliminar el registro de este hijo» borra todo lo guardado sobre él: escuela, salud, actividades, contactos y foto. No se puede deshacer, por eso te pedimos confirmarlo.',
        },
        {
          question: '¿Puedo pedir una copia de mis datos?',
          answer:
            'Sí, y no hace falta pedírsela a nadie: en Perfil › Privacidad y seguridad, en «Tus datos», descargas un ZIP con tu cuenta, tus sesiones, tus familias y sus miembros, la ficha completa de cada hijo con sus fotos y lo que le escribiste a soporte. Si prefieres pedirla por email, o quieres corregir o borrar datos, escríbenos a soporte@nido.app; en la página «Tus derechos (RGPD)» te explicamos cada derecho.',
        },
      ],
    },
  },
};

export default es;
