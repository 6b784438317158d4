import type { HelpContent } from './types';

const es: HelpContent = {
  ui: {
    title: 'Centro de ayuda',
    lead: 'Guías paso a paso para usar Nido y consejos para organizar la crianza desde dos casas.',
    metaDescription:
      'Guías de Nido: crear tu cuenta, completar la ficha de tus hijos, recuperar la contraseña y acordar con tu co-padre horarios y gastos.',
    searchLabel: 'Buscar un tema de ayuda',
    searchPlaceholder: 'Por ejemplo: contraseña, gastos, fotos',
    popularTitle: 'Temas más consultados',
    categoriesTitle: 'Categorías',
    articlesFound: 'Artículos',
    articleResults: (n) => (n === 1 ? '1 artículo encontrado' : `${n} artículos encontrados`),
    results: (n) => (n === 1 ? '1 categoría encontrada' : `${n} categorías encontradas`),
    noResults: (q) => `No encontramos categorías para «${q}».`,
    noResultsHint: 'Prueba con otra palabra, mira las preguntas frecuentes o escríbenos.',
    articleCount: (n) => (n === 1 ? '1 artículo' : `${n} artículos`),
    readTime: (m) => `${m} min de lectura`,
    updated: (d) => `Actualizado el ${d}`,
    contactTitle: '¿No encuentras lo que buscas?',
    contactBody: 'Escríbenos y te respondemos por email. También puedes revisar las preguntas frecuentes.',
    contactCta: 'Contactar a soporte',
    faqCta: 'Ver preguntas frecuentes',
    backToHelp: 'Volver al centro de ayuda',
    unknownCategoryTitle: 'Categoría no encontrada',
    unknownCategoryBody: 'No hay artículos en esta categoría. Puede que el enlace esté incompleto o que la página haya cambiado de lugar.',
    unknownArticle: 'No encontramos ese artículo. Estos son los artículos disponibles en esta categoría.',
    articlesIn: (c) => `Artículos de ${c}`,
    onThisPage: 'En este artículo',
    step: (n) => `Paso ${n}`,
    tip: 'Consejo',
    save: 'Guardar',
    print: 'Imprimir',
    share: 'Compartir',
    copied: 'Link copiado al portapapeles',
    copyFailed: (url) => `No pudimos copiar el link. Puedes copiarlo desde aquí: ${url}`,
    helpfulQuestion: '¿Te resultó útil este artículo?',
    yes: 'Sí',
    no: 'No',
    thanksYes: '¡Gracias! Nos alegra que te haya servido.',
    thanksNo: 'Gracias por contarnos. Usaremos tu respuesta para mejorar este artículo; si quieres, escríbenos qué te faltó.',
    related: 'Artículos relacionados',
  },

  categories: {
    'getting-started': {
      title: 'Primeros pasos',
      description: 'Crea tu cuenta, agrega a tus hijos y prepara la llegada de tu co-padre.',
    },
    account: {
      title: 'Cuenta y perfil',
      description: 'Contraseña, datos personales, email, idioma y los correos que te enviamos.',
    },
    communication: {
      title: 'Comunicación',
      description: 'Mensajes entre co-padres y fotos de tus hijos.',
    },
    calendar: {
      title: 'Calendario',
      description: 'Eventos, recordatorios y régimen de cuidado.',
    },
    expenses: {
      title: 'Gastos',
      description: 'Registro de gastos, comprobantes y formas de dividirlos.',
    },
    documents: {
      title: 'Documentos',
      description: 'Cómo guardar y ordenar los papeles importantes de cada hijo.',
    },
    troubleshooting: {
      title: 'Solución de problemas',
      description: 'Qué hacer si no puedes entrar, si te falta el código de verificación o no te llegan los correos.',
    },
  },

  articles: {
    'create-account': {
      title: 'Crear tu cuenta en Nido',
      excerpt: 'Regístrate con tu email en un par de minutos; al hacerlo, Nido crea el espacio de tu familia.',
      intro:
        'Para usar Nido solo necesitas un email y una contraseña. Al registrarte, Nido crea automáticamente el espacio de tu familia, donde vas a guardar la información de tus hijos.',
      steps: [
        {
          title: 'Abre el formulario de registro',
          content: [
            'Toca «Empezar gratis» en la parte superior de cualquier página pública. Si estás en la pantalla de inicio de sesión, toca «Regístrate».',
          ],
        },
        {
          title: 'Completa tus datos',
          content: ['El formulario te pide:'],
          list: [
            'Nombre y apellido.',
            'Email: es tu usuario para iniciar sesión y el lugar donde recibes el enlace si olvidas la contraseña.',
            'Teléfono, si quieres (es opcional).',
            'Una contraseña de al menos 8 caracteres, escrita dos veces para confirmarla.',
          ],
          tip: 'Una frase larga que solo tú conozcas, por ejemplo cuatro palabras sin relación entre sí, es más segura y más fácil de recordar que una palabra corta llena de símbolos.',
        },
        {
          title: 'Acepta los términos y crea la cuenta',
          content: [
            'Lee los términos y condiciones y la política de privacidad, marca la casilla y toca «Crear cuenta». Nido es para personas adultas: necesitas tener 18 años o más.',
          ],
        },
        {
          title: 'Entra a tu espacio familiar',
          content: [
            'Al terminar entras directamente a «Tus hijos». Tu familia ya está creada y eres su primer integrante; desde ahí puedes agregar a tu primer hijo. También te enviamos por email un enlace para confirmar tu dirección, que vale 7 días.',
          ],
          tip: 'Nido está en español y en inglés. Cambia el idioma cuando quieras con el selector ES / EN de la parte superior.',
        },
      ],
    },

    'invite-coparent': {
      title: 'Invitar al otro padre o madre',
      excerpt: 'Invita al otro padre o madre, a un abuelo o a quien cuida a tus hijos por email o con un código, y elige qué puede hacer cada uno.',
      intro:
        'Tu familia puede tener varios integrantes: el otro padre o madre y cualquier otra persona que cuide a tus hijos. Cada uno tiene su propia cuenta y ve las mismas fichas que tú.',
      steps: [
        {
          title: 'Invitar por email',
          content: [
            'Entra a Perfil › Co-padres, en «Invitar por email». Escribe su email, su relación con los chicos y el permiso: co-padre (acceso completo) o solo lectura. Nido le envía un enlace que sirve una sola vez, dura 7 días y solo para esa dirección.',
          ],
        },
        {
          title: 'O compartir un código',
          content: [
            'Desde el mismo lugar puedes crear un código de vinculación de 8 caracteres para dictarlo o enviarlo por mensaje. Quien ya tiene cuenta lo escribe en Perfil › Co-padres › «Unirse a una familia con un código»; quien se registra puede escribirlo en el formulario de registro. Un código nuevo anula el anterior.',
          ],
        },
        {
          title: 'Quién puede sumarse',
          content: [
            'Además del otro padre o madre, la familia puede incluir a abuelos, tutores o cuidadores. Cada persona necesita su propia cuenta y tener 18 años o más. Quien administra la familia puede cambiar el permiso de un integrante o quitarlo cuando quiera.',
          ],
          list: ['Co-padre: ve y edita todas las fichas.', 'Solo lectura: ve las fichas pero no puede cambiarlas.'],
          tip: 'Antes de invitar, conversa con la otra persona sobre para qué van a usar Nido. Acordar que es un espacio para la información de los hijos, y no para discutir, ayuda mucho.',
        },
      ],
    },

    'first-steps': {
      title: 'Primeros pasos: la ficha de tu hijo',
      excerpt: 'Agrega a tus hijos y completa su información escolar, médica, sus actividades y contactos de emergencia.',
      intro:
        'La ficha de cada hijo es el corazón de Nido: reúne en un solo lugar lo que cualquier adulto a cargo necesita saber. Estos son los pasos para dejarla completa.',
      steps: [
        {
          title: 'Agrega a tu hijo',
          content: [
            'En «Tus hijos», toca «Agregar hijo». Completa nombre, apellido, fecha de nacimiento y género. El grupo sanguíneo y el número de seguridad social u obra social son opcionales.',
          ],
        },
        {
          title: 'Suma una foto',
          content: [
            'Una foto ayuda a reconocer cada ficha de un vistazo. En la ficha, toca «Cambiar foto», elige la imagen y toca «Subir foto». Se aceptan JPG, PNG, GIF o WebP de hasta 5 MB, y Nido la guarda sin datos de ubicación.',
          ],
        },
        {
          title: 'Completa la información escolar',
          content: ['Escuela, grado, docente a cargo, teléfono de la escuela y horario de entrada y salida.'],
        },
        {
          title: 'Registra sus actividades',
          content: ['Para cada actividad puedes anotar el lugar, los días de la semana y el horario de inicio y fin.'],
        },
        {
          title: 'Salud y turnos médicos',
          content: [
            'En «Salud» anota el médico de cabecera y su teléfono, alergias, medicamentos, condiciones especiales y notas. Cada turno médico guarda el tipo de consulta, fecha y hora, médico, especialidad y estado: programado, completado o cancelado.',
          ],
        },
        {
          title: 'Contactos de emergencia',
          content: [
            'Agrega a quién llamar si no te encuentran. Cada contacto puede tener una prioridad: el 1 es el primero a llamar y aparece destacado, y la lista se ordena de menor a mayor.',
          ],
          tip: 'Revisa la ficha al empezar cada año escolar: cambian grados, horarios y, a veces, médicos.',
        },
      ],
    },

    'change-password': {
      title: 'Cambiar tu contraseña',
      excerpt: 'Cómo cambiarla desde tu perfil, qué pasa con tus otras sesiones y qué hacer si la olvidaste.',
      intro:
        'Puedes cambiar tu contraseña cuando quieras desde tu perfil, sin salir de Nido. Si no la recuerdas, te contamos también cómo elegir una nueva con el enlace de recuperación.',
      steps: [
        {
          title: 'Abre la sección «Seguridad»',
          content: ['Entra en Perfil › Editar perfil y, en «Seguridad», toca «Cambiar contraseña».'],
        },
        {
          title: 'Escribe la actual y la nueva',
          content: ['Primero tu contraseña actual; después la nueva, dos veces. Para que la nueva sea segura:'],
          list: [
            'Usa al menos 8 caracteres; con 12 o más, mucho mejor.',
            'Prefiere una frase larga antes que una palabra con símbolos.',
            'No la uses en ningún otro sitio.',
            'No la compartas, tampoco con el otro padre o madre: cada uno tiene su cuenta.',
          ],
        },
        {
          title: 'Guarda el cambio',
          content: [
            'Toca «Actualizar contraseña». En este navegador sigues conectado, pero Nido cierra tu cuenta en todos los demás dispositivos y te envía un email para avisarte del cambio.',
          ],
          tip: 'Si te llega ese aviso y no fuiste tú, restablece la contraseña enseguida y escríbenos a soporte@nido.app.',
        },
        {
          title: 'Si olvidaste la contraseña',
          content: [
            'En la pantalla de inicio de sesión toca «¿Olvidaste tu contraseña?» y escribe tu email. Te llega un enlace que vence en 1 hora y sirve una sola vez: con él eliges la nueva y vuelves a entrar. Al restablecerla se cierran todas tus sesiones.',
          ],
          tip: 'Si el correo no está en la bandeja de entrada, búscalo en spam o en promociones.',
        },
        {
          title: 'Suma la verificación en dos pasos',
          content: [
            'Para proteger más tu cuenta, actívala en Perfil › Privacidad y seguridad: además de la contraseña, Nido te pedirá un código de 6 dígitos de tu app de autenticación cada vez que inicies sesión.',
          ],
          tip: 'Nido nunca te pedirá tu contraseña ni tus códigos por email ni por teléfono. Si alguien lo hace en nombre de Nido, no respondas.',
        },
      ],
    },

    'notification-settings': {
      title: 'Configurar las notificaciones',
      excerpt: 'Elige qué avisos te llegan por email o al teléfono, pon horas de silencio, usa el modo discreto e instala Nido en tu pantalla de inicio.',
      intro:
        'Nido te avisa cuando alguien de tu familia cambia algo. Cada aviso aparece en la campana de la parte superior y, si quieres, también te llega por email o como notificación push. Todo se elige en Perfil › Notificaciones.',
      steps: [
        {
          title: 'Qué te avisa Nido',
          content: ['Los avisos son sobre tus mensajes, la ficha de tus hijos y los miembros de tu familia. Te avisamos cuando otra persona de la familia:'],
          list: [
            'Agrega o cambia datos en la ficha de uno de tus hijos.',
            'Elimina la ficha de un hijo (se puede restaurar durante 30 días) o la restaura.',
            'Se une a una de tus familias con una invitación o un código.',
            'Sale de una de tus familias o es quitada de ella.',
            'Te escribe un mensaje: el aviso dice quién escribió y sobre qué tema, nunca el texto.',
          ],
          tip: 'Los avisos aparecen en la campana al instante, sin recargar la página, y el número te dice cuántos no leíste. Tócala para ver los últimos y abrir cada uno; en «Ver todas» está la lista completa.',
        },
        {
          title: 'Elige por dónde te llega cada aviso',
          content: [
            'En «Qué te avisamos», cada tipo de aviso tiene dos interruptores: Email y Push. Dentro de Nido siempre ves todos los avisos; los interruptores solo deciden si además te llegan por email o al teléfono. Al principio están todos activados. Toca «Guardar preferencias» para aplicar los cambios.',
          ],
          tip: 'Los emails que protegen tu cuenta (confirmar tu email, restablecer o cambiar la contraseña, cerrar la cuenta) no son avisos: te llegan siempre y no se pueden desactivar.',
        },
        {
          title: 'Activa las notificaciones push en este dispositivo',
          content: [
            'En «Este dispositivo», toca «Activar notificaciones push» y elige «Permitir» cuando el navegador pregunte: desde entonces te llegan aunque Nido esté cerrado. Se activan en cada teléfono o computadora por separado, y con «Enviar un aviso de prueba» compruebas que funcionan. Debajo ves tus dispositivos y puedes quitar los que ya no uses; al cerrar sesión en uno, ese deja de recibirlas.',
          ],
          tip: 'En iPhone o iPad, las notificaciones push solo llegan a Nido instalado en la pantalla de inicio (con iOS 16.4 o posterior): instálalo primero (paso siguiente) y ábrelo desde su ícono.',
        },
        {
          title: 'Instala Nido en la pantalla de inicio',
          content: ['Nido se instala como una app sin pasar por ninguna tienda: se abre en su propia ventana, con su ícono, y puede recibir notificaciones.'],
          list: [
            'En Android o en la computadora (Chrome o Edge): toca «Instalar Nido» en el menú de Nido, junto al selector de idioma, o la opción de instalar del menú del navegador.',
            'En iPhone o iPad: abre Nido en Safari, toca Compartir y luego «Agregar a inicio».',
          ],
          tip: 'Es el mismo Nido del navegador, con tu cuenta de siempre. Las apps para iOS y Android de las tiendas todavía no existen.',
        },
        {
          title: 'Pon horas de silencio o el modo discreto',
          content: [
            'Con las horas de silencio (por ejemplo, de 22:00 a 07:00, en la zona horaria de tu perfil) no te enviamos emails ni notificaciones push en ese horario. Los avisos siguen apareciendo en la campana, y cuando termina el silencio te mandamos un solo resumen de lo que llegó y todavía no leíste. Solo los mensajes de emergencia pasan las horas de silencio: llegan siempre por email y push, y sus interruptores no se pueden apagar.',
            'Con el modo discreto, las notificaciones push y los emails dicen solo «Tienes algo nuevo en Nido», sin quién lo envía ni qué dice. Así la pantalla bloqueada no le muestra nada a quien mire tu teléfono, sea uno de tus hijos u otra persona. El detalle lo ves al abrir Nido.',
          ],
        },
        {
          title: 'Recibe el resumen por email',
          content: [
            'Elige recibirlo cada día, cada semana (si no eliges nada, es semanal) o nunca. Trae los avisos que no leíste y, por cada familia, una línea con la última marca firmada de su registro. Guárdala: más adelante te servirá para demostrar cómo estaba el registro en esa fecha.',
          ],
          tip: 'Cada email de avisos, y también el resumen, trae al final un enlace para darte de baja de ese tipo de email. Los avisos siguen apareciendo dentro de Nido, y puedes volver a activarlos aquí cuando quieras.',
        },
      ],
    },

    'profile-setup': {
      title: 'Tu perfil y tu idioma',
      excerpt: 'Cómo editar tus datos y tu foto, cambiar el email y elegir el idioma de Nido y de sus emails.',
      intro:
        'Tu perfil reúne tus datos, tu foto y tu idioma, y puedes cambiarlos cuando quieras. Todo está en Perfil › Editar perfil.',
      steps: [
        {
          title: 'Corrige tus datos',
          content: ['En «Información personal» cambias tu nombre, tu apellido y tu teléfono. Toca «Guardar cambios» y listo.'],
        },
        {
          title: 'Cambia tu email',
          content: [
            'Escribe la dirección nueva en el mismo formulario. Te enviamos un enlace a esa dirección que vale 24 horas: el cambio se hace recién cuando lo abres, y hasta entonces sigues entrando con tu email de siempre. A la dirección anterior le llega un aviso.',
          ],
          tip: 'Si te llega ese aviso y no pediste el cambio, cambia tu contraseña y escríbenos a soporte@nido.app.',
        },
        {
          title: 'Suma tu foto',
          content: [
            'En «Foto de perfil», elige una imagen JPG, PNG, GIF o WebP de hasta 5 MB. Ayuda a que tu familia te reconozca; Nido la guarda sin datos de ubicación y puedes quitarla cuando quieras.',
          ],
        },
        {
          title: 'Elige tu idioma',
          content: [
            'En «Idioma» eliges español o inglés, y queda guardado en tu cuenta: es el idioma de los emails que te enviamos y el que verás al iniciar sesión en otro navegador. El selector ES / EN de la parte superior cambia el idioma solo en el navegador que estás usando.',
          ],
        },
        {
          title: 'Confirma tu email',
          content: [
            'Al registrarte te enviamos un enlace para confirmar tu dirección, que vale 7 días. Hasta que lo abras, un aviso en la parte superior te ofrece «Reenviar» por si no lo encuentras o ya venció.',
          ],
          tip: 'Mantén tu email al día: es el camino para recuperar la contraseña si la olvidas.',
        },
      ],
    },

    'send-message': {
      title: 'Enviar mensajes a tu co-padre',
      excerpt: 'Conversaciones por tema, tres tipos de mensaje, la hora en que se vio cada uno, ayuda con el tono y un registro que no se puede alterar.',
      intro:
        'En Mensajes conversas con el otro padre o madre sobre tus hijos. Cada mensaje queda guardado tal como se envió, con la hora en que cada persona lo vio por primera vez, y nada se puede editar ni borrar. Así, lo acordado no depende de la memoria de nadie.',
      steps: [
        {
          title: 'Conversaciones por tema',
          content: [
            'En Mensajes, empieza una conversación nueva: elige la familia, un tema (general, salud, escuela, actividades, horarios o gastos) y un asunto breve, como «Retiros de diciembre». Participan los co-padres de la familia; puedes sumar a otra persona de la familia, como una abuela, que verá solo las conversaciones en las que la incluyas.',
            'El buscador de la parte superior encuentra palabras en todos tus mensajes, sin importar tildes ni mayúsculas, y también los nombres de tus hijos y de sus contactos de emergencia.',
          ],
        },
        {
          title: 'Tres tipos de mensaje',
          content: ['Al escribir eliges qué tan urgente es, y eso cambia cómo se avisa:'],
          list: [
            'Normal: llega a la app y se avisa según tus preferencias; respeta las horas de silencio y, si alguien manda muchos seguidos (más de 10 en 10 minutos), se avisan en un solo aviso.',
            'Urgente: se destaca en la conversación y se avisa en el momento, sin esperar al resumen; respeta las horas de silencio.',
            'Emergencia: se avisa en el acto por email y push, aunque sea de noche y aunque la otra persona tenga las horas de silencio activadas.',
          ],
          tip: 'Cada persona puede enviar hasta 3 emergencias por día, para que nunca se usen como forma de presión. Ante una emergencia real, además llama por teléfono.',
        },
        {
          title: 'Cuándo se vio cada mensaje',
          content: [
            'Debajo de cada mensaje ves la hora en que cada destinatario lo abrió por primera vez. Esa hora se fija una sola vez, no se mueve aunque lo vuelva a leer y queda en el registro de la familia.',
            'Nido no muestra quién está escribiendo ni quién está conectado: cada uno responde cuando puede, sin presión.',
          ],
        },
        {
          title: 'Nada se edita ni se borra',
          content: [
            'Un mensaje enviado no se puede modificar ni eliminar. Si te equivocaste, responde citando el mensaje anterior y aclara lo que corresponde: los dos quedan a la vista, en orden.',
            'Cada mensaje entra en el registro de la familia al enviarse. Desde el menú de la conversación puedes imprimirla entera o un período: la página incluye fecha, hora, tipo, autor, quién lo vio y cuándo, y la huella de cada entrada del registro, con las instrucciones para comprobarla.',
          ],
          tip: 'Las notificaciones dicen quién escribió y sobre qué tema, nunca el texto del mensaje.',
        },
        {
          title: 'Ayuda con el tono',
          content: [
            'Mientras escribes, Nido marca las frases que pueden sonar a insulto, amenaza, desprecio, reproche, generalización («siempre», «nunca») o gritos, y te ofrece una forma más tranquila de decirlo. La revisión se hace dentro de Nido, sin enviar tu texto a ningún otro servicio.',
            'Tú decides: puedes enviar el mensaje igual. Nido nunca bloquea ni cambia lo que escribes. Si prefieres, activa el escudo en los ajustes de Mensajes: los mensajes recibidos que parezcan hostiles se muestran plegados y los abres con un toque.',
          ],
        },
        {
          title: 'Escribe mensajes que ayuden',
          content: ['Algunas pautas que bajan la tensión:'],
          list: [
            'Un tema por mensaje.',
            'Breve y concreto, con fechas y horarios.',
            'Sobre los hijos, no sobre la relación que terminó.',
            'Propón en lugar de reprochar: «¿Te sirve el jueves a las 18?».',
            'Responde los mensajes normales dentro de las 24 a 48 horas.',
          ],
        },
      ],
    },

    'share-photos': {
      title: 'Fotos y archivos',
      excerpt: 'Adjunta fotos y PDF a tus mensajes y sube la foto de cada hijo a su ficha: se guardan cifrados, sin datos de ubicación, y solo los ve quien corresponde.',
      intro:
        'Puedes adjuntar fotos y documentos PDF a un mensaje, por ejemplo una receta, una autorización de la escuela o una foto del acto, y subir una foto para la ficha de cada hijo.',
      steps: [
        {
          title: 'Adjuntar a un mensaje',
          content: [
            'En la conversación, toca el clip del campo de texto y elige los archivos. Se aceptan imágenes JPG, PNG, GIF y WebP y documentos PDF de hasta 25 MB cada uno, hasta 5 por mensaje. Las imágenes se ven en miniatura dentro de la conversación y los PDF se descargan para abrirlos.',
          ],
          tip: 'Si un PDF pesa más de 25 MB, divídelo o guárdalo con menor calidad antes de adjuntarlo.',
        },
        {
          title: 'Tu privacidad',
          content: [
            'Las fotos sacadas con el teléfono suelen guardar el lugar donde se tomaron. Nido vuelve a generar cada imagen al recibirla y quita esos datos de ubicación. Todos los archivos se guardan cifrados y solo los ven las personas de la conversación, con enlaces que vencen.',
          ],
          tip: 'Acuerden entre los dos qué fotos de sus hijos se publican en redes sociales. Nido nunca publica nada.',
        },
        {
          title: 'Lo que queda registrado',
          content: [
            'Un adjunto forma parte de su mensaje: no se puede quitar ni reemplazar después de enviarlo. El registro de la familia guarda el nombre de cada archivo y su huella SHA-256, y la versión impresa de la conversación lista los adjuntos de cada mensaje.',
          ],
        },
        {
          title: 'La foto de la ficha',
          content: [
            'Abre la ficha de tu hijo, toca «Cambiar foto», elige una imagen, revisa la vista previa y toca «Subir foto». Se aceptan JPG, PNG, GIF y WebP de hasta 5 MB, y también se guarda sin datos de ubicación.',
          ],
        },
      ],
    },

    'create-event': {
      title: 'Crear un evento en el calendario',
      excerpt: 'Cómo crear un evento, hacer que se repita sin escribir reglas, y elegir recordatorios.',
      intro: 'En Calendario, el botón «Nuevo evento» abre el formulario. También puedes tocar un día del mes o una hora de la semana para empezar ahí.',
      steps: [
        {
          title: 'Elige el tipo y la categoría',
          content: ['Cada evento tiene un tipo (recogida, actividad, cumpleaños, familia, recordatorio u otro) y una categoría:'],
          list: [
            'Custodia: con quién están tus hijos y cuándo.',
            'Escuela: actos, reuniones, vacaciones y días sin clases.',
            'Médico: controles, vacunas y especialistas.',
            'Actividades: deportes, clases y talleres.',
            'Celebraciones: cumpleaños y fiestas.',
            'Viajes: salidas y vacaciones.',
          ],
        },
        {
          title: 'Completa los datos',
          content: [
            'Título, fecha y hora (o «Todo el día»), lugar, a qué hijo o hijos corresponde y notas. Las horas son las de la zona horaria de tu familia. Marca «Privado» si solo tú debes verlo.',
          ],
        },
        {
          title: 'Haz que se repita',
          content: [
            'En «Repetición» eliges cada día, cada semana (y qué días), cada mes o cada año; cada cuántos; y si termina nunca, un día concreto o después de un número de veces. Debajo ves la repetición en palabras.',
          ],
          tip: 'Al cambiar o borrar un evento que se repite, Nido te pregunta si es solo ese, ese y los siguientes, o toda la serie.',
        },
        {
          title: 'Programa recordatorios',
          content: ['Por defecto te avisa una semana, un día y una hora antes; puedes elegir hasta cinco avisos.'],
          tip: 'Un evento que ya empezó queda fijo: solo puedes cambiar sus notas. Así el calendario cuenta lo que de verdad pasó.',
        },
      ],
    },

    'custody-schedule': {
      title: 'Acordar el régimen de cuidado',
      excerpt: 'Configura el reparto de noches en el calendario, pide cambios y registra las entregas.',
      intro:
        'Un régimen de cuidado claro reduce roces y les da previsibilidad a tus hijos. En Calendario, «Configurar custodia» te guía en tres pasos y el calendario muestra de quién es cada noche con el color de cada progenitor.',
      steps: [
        {
          title: 'Elige el modelo',
          content: ['Algunos esquemas que usan muchas familias, todos disponibles:'],
          list: [
            'Semanas alternas: una semana en cada casa.',
            '2-2-3: dos noches con uno, dos con el otro y tres con el primero; la semana siguiente se invierte.',
            '2-2-5-5: cada uno tiene siempre los mismos dos días entre semana y los fines de semana largos se alternan.',
            '3-4-4-3, 5-2-2-5 y 4-3.',
            'Fines de semana alternos, con o sin la noche del miércoles.',
            'Personalizado: tu propio ciclo, día por día.',
          ],
          tip: 'Con niños pequeños suelen funcionar mejor los intervalos cortos; con adolescentes, escuchar su opinión y su agenda.',
        },
        {
          title: 'Indica fecha, personas y hora del intercambio',
          content: [
            'Eliges desde qué día rige, quién es el primer progenitor (A) y quién el segundo (B), y la hora habitual del intercambio. Antes de guardar ves cuatro semanas y el porcentaje de noches de cada uno en un año. Lo anterior a esa fecha queda como estaba.',
          ],
        },
        {
          title: 'Pide un cambio de noches',
          content: [
            'Con «Pedir un cambio» eliges noches del otro progenitor, y si quieres las que das a cambio, con un motivo y un plazo para responder. El otro puede aceptar, rechazar o hacer una contraoferta; si nadie responde a tiempo, nada cambia. Todo queda en el registro de la familia.',
          ],
        },
        {
          title: 'Registra las entregas',
          content: [
            'Con «Registrar entrega» anotas cuándo ocurrió de verdad un intercambio, con una nota. Las diferencias cuentan en el reparto real.',
          ],
        },
        {
          title: 'Dejen el acuerdo por escrito',
          content: [
            'Si existe un convenio o una resolución judicial, ese documento es el que vale. Ante dudas legales, consulta con un profesional.',
          ],
          tip: 'Revisen el régimen cuando cambien las edades, la escuela o los trabajos: lo que funcionaba a los 4 años puede no servir a los 12.',
        },
      ],
    },

    'add-expense': {
      title: 'Registrar un gasto',
      excerpt: 'Cómo cargar un gasto compartido con su comprobante, cómo lo aprueba tu co-padre y cómo se ve el balance.',
      intro:
        'En Finanzas cargas cada gasto de los chicos con su comprobante, ves antes de guardarlo cuánto le toca a cada uno, y el balance te dice en todo momento quién le debe a quién.',
      steps: [
        {
          title: 'Elige la categoría',
          content: ['En Finanzas, toca «Agregar gasto». Cada gasto va en una categoría:'],
          list: [
            'Educación',
            'Salud',
            'Actividades',
            'Ropa y calzado',
            'Alimentación',
            'Transporte',
            'Entretenimiento',
            'Emergencias',
          ],
        },
        {
          title: 'Completa el gasto',
          content: [
            'Descripción, monto, moneda, fecha, quién lo pagó, cómo se reparte y para qué hijo es. Antes de guardar ves cuánto le toca a cada uno, al centavo.',
          ],
        },
        {
          title: 'Adjunta el comprobante',
          content: ['Desde el teléfono puedes sacarle una foto al ticket en el momento, o subir un PDF de hasta 10 MB. Los gastos con comprobante se revisan más rápido y evitan discusiones.'],
        },
        {
          title: 'Aprobación',
          content: [
            'Tu co-padre recibe un aviso y puede aprobar el gasto, rechazarlo con un motivo o ponerlo en disputa diciendo qué aceptaría. Solo los gastos aprobados cuentan en el balance. Mientras nadie respondió, puedes corregirlo o retirarlo.',
          ],
        },
        {
          title: 'Balance, pagos y cuota alimentaria',
          content: ['Arriba de todo ves el balance y los pagos que lo dejan en cero:'],
          list: [
            'Registra cada pago entre ustedes; cuenta cuando quien lo recibe confirma que llegó.',
            'En «Cuota alimentaria» cargas el monto mensual o un porcentaje del ingreso, el día de vencimiento, y la actualizas por inflación sin perder el historial.',
            'En «Informes» ves los totales por mes, categoría, hijo y persona, y los descargas en CSV.',
          ],
          tip: 'Los gastos extraordinarios, como una ortodoncia o un viaje de estudios, conviene acordarlos antes de pagarlos.',
        },
      ],
    },

    'split-expenses': {
      title: 'Cómo dividir los gastos',
      excerpt: 'Partes iguales, según ingresos, porcentajes a medida o una sola persona: cómo elegir el reparto más justo.',
      intro:
        'No hay un reparto correcto para todas las familias. Al cargar un gasto en Finanzas eliges una de estas cuatro formas, y Nido calcula la parte de cada uno al centavo: si sobra un centavo, va a quien no pagó.',
      steps: [
        {
          title: 'Mitad y mitad (50/50)',
          content: [
            'Simple y fácil de controlar. Funciona bien cuando los ingresos son parecidos y el tiempo con los hijos se reparte de forma pareja.',
          ],
        },
        {
          title: 'Proporcional a los ingresos',
          content: [
            'Cada uno aporta según lo que gana. Si uno gana 600 y el otro 400, el primero cubre el 60 % y el segundo el 40 %: de un gasto de 100, uno paga 60 y el otro 40.',
          ],
        },
        {
          title: 'Porcentajes a medida',
          content: [
            'Cuando acuerdan otra proporción, por ejemplo 62,5 y 37,5, o cuando un tipo de gasto se reparte distinto que el resto. Los porcentajes deben sumar 100.',
          ],
        },
        {
          title: 'Un solo progenitor',
          content: [
            'Algunos gastos los cubre siempre uno de los dos, por ejemplo una actividad que eligió por su cuenta o algo que ya está incluido en la cuota alimentaria.',
          ],
        },
        {
          title: 'Dejen claras las reglas',
          content: ['Sea cual sea el reparto, acuerden:'],
          list: [
            'Qué cuenta como gasto compartido y qué cubre la cuota alimentaria.',
            'A partir de qué monto hay que consultar antes de pagar.',
            'En qué plazo se devuelve la parte del otro.',
            'Qué pasa con un gasto sin comprobante.',
          ],
          tip: 'Si existe un convenio o una resolución judicial, el reparto que fija ese documento es el que vale.',
        },
      ],
    },

    'upload-doc': {
      title: 'Subir un documento',
      excerpt: 'Cómo guardar en Nido los papeles de tus hijos: desde el teléfono, con una foto o un archivo.',
      intro:
        'En «Perfil» › «Documentos» guardas los papeles de cada hijo en un solo lugar, cifrados y al alcance de quien tú elijas.',
      steps: [
        {
          title: 'Sube el archivo',
          content: [
            'Toca «Subir documento». Desde el teléfono puedes sacar una foto en el momento o elegir un archivo: PDF, fotos o documentos de Office y LibreOffice, de hasta 25 MB.',
            'El título se completa con el nombre del archivo; cámbialo si quieres. Elige la categoría y a qué hijo corresponde.',
          ],
        },
        {
          title: 'Elige quién lo ve',
          content: ['Cada documento tiene su visibilidad:'],
          list: [
            'Toda la familia: todos los miembros, también familiares y cuidadores.',
            'Solo los co-padres: quienes solo tienen permiso para ver no lo ven.',
            'Solo yo: nadie más sabe que existe.',
          ],
        },
        {
          title: 'Versiones y borrados',
          content: [
            'Si llega un certificado nuevo, ábrelo y toca «Subir una versión nueva»: la anterior se guarda y se puede descargar. Lo que eliminas queda 30 días en «Eliminados», desde donde puedes restaurarlo.',
          ],
        },
        {
          title: 'Qué conviene digitalizar',
          content: ['Vale la pena tener a mano:'],
          list: [
            'Documento de identidad y pasaporte.',
            'Carnet de vacunas y estudios médicos.',
            'Boletines y certificados escolares.',
            'Convenios y resoluciones judiciales.',
            'Autorizaciones de viaje.',
          ],
          tip: 'Escanea con buena luz y sobre un fondo liso. Un PDF por documento es más fácil de encontrar que una foto suelta.',
        },
      ],
    },

    'organize-doc': {
      title: 'Organizar los documentos',
      excerpt: 'Las seis categorías de documentos y cómo encontrar cualquiera en segundos.',
      intro:
        'Cada documento va en una de seis categorías, y la lista de «Documentos» los muestra agrupados así. Con la búsqueda y los filtros encuentras cualquiera en segundos.',
      steps: [
        {
          title: 'Las seis categorías',
          content: ['Una para cada tipo de papel:'],
          list: [
            'Legal: convenios, resoluciones y autorizaciones.',
            'Médico: estudios, recetas y vacunas.',
            'Escolar: boletines, certificados y comunicaciones.',
            'Financiero: comprobantes y pagos de la cuota alimentaria.',
            'Identificación: documento de identidad, pasaporte y partida de nacimiento.',
            'Actividades: inscripciones, aptos físicos y permisos.',
          ],
        },
        {
          title: 'Busca y filtra',
          content: [
            'Escribe parte del título en el buscador: no importan las mayúsculas ni las tildes. Toca una categoría o el nombre de un hijo para ver solo lo suyo.',
          ],
        },
        {
          title: 'Ponles títulos claros',
          content: ['Tipo y fecha, por ejemplo «Vacunas 2026-03». Un título claro se encuentra antes que el nombre que le puso la cámara.'],
        },
        {
          title: 'Piensa en quién lo ve',
          content: [
            'Lo que guardas en Nido lo ve solo tu familia, y cada documento puede quedar solo para los co-padres o solo para ti. El espacio de la familia se muestra arriba de la lista.',
          ],
          tip: 'Con los documentos legales, guarda también el original en papel en un lugar seguro.',
        },
      ],
    },

    'login-issues': {
      title: 'No puedo iniciar sesión',
      excerpt: 'Las causas más comunes y cómo resolverlas: email, contraseña, código de verificación, cuenta cerrada y navegador.',
      intro: 'Si Nido no te deja entrar, repasa estos pasos en orden; casi siempre se resuelve en pocos minutos.',
      steps: [
        {
          title: 'Revisa el email y la contraseña',
          content: [
            'Escribe el email completo y sin espacios; da igual si usas mayúsculas o minúsculas. Si tienes más de una dirección, prueba con la otra.',
            'La contraseña, en cambio, sí distingue mayúsculas de minúsculas. Fíjate que no esté activado el bloqueo de mayúsculas y toca «Mostrar» para ver lo que escribiste.',
          ],
        },
        {
          title: 'Restablécela',
          content: [
            'Toca «¿Olvidaste tu contraseña?» y sigue el enlace que te llega por email. Vence en 1 hora y sirve una sola vez; si pediste varios, usa el último.',
          ],
        },
        {
          title: 'Si te pide un código',
          content: [
            'Si activaste la verificación en dos pasos, después de la contraseña Nido te pide el código de 6 dígitos que muestra tu app de autenticación. Cambia cada 30 segundos: escribe el que ves en ese momento y revisa que la hora de tu teléfono se ajuste sola.',
            'Si perdiste el teléfono o borraste la app, escribe uno de tus códigos de recuperación en lugar del código; cada uno sirve una sola vez. Ya dentro, desactiva la verificación en Privacidad y seguridad (te pedirá la contraseña y otro código de recuperación) y vuelve a activarla con la app en tu teléfono nuevo: recibirás 10 códigos de recuperación nuevos.',
          ],
        },
        {
          title: 'Si cerraste tu cuenta',
          content: [
            'Durante los 90 días siguientes al cierre, al iniciar sesión con tu email y tu contraseña Nido te ofrece reabrir la cuenta, con todo como estaba. Pasado ese plazo la cuenta y tus datos ya se borraron: tendrás que crear una cuenta nueva.',
          ],
        },
        {
          title: 'Revisa el navegador',
          content: ['Si los datos son correctos y aun así no entras:'],
          list: [
            'Recarga la página.',
            'Permite el almacenamiento del sitio: Nido guarda tu sesión en el navegador.',
            'Prueba en otra ventana o en otro navegador.',
            'En modo privado la sesión se cierra al cerrar la ventana.',
            'Si intentaste muchas veces seguidas, espera unos minutos.',
          ],
        },
        {
          title: 'Escríbenos',
          content: [
            'Si nada de esto funciona, o si perdiste a la vez la app y tus códigos de recuperación, escríbenos a soporte@nido.app desde el email de tu cuenta y cuéntanos qué mensaje ves en pantalla.',
          ],
          tip: 'Nunca te vamos a pedir tu contraseña ni tus códigos, ni por email ni por teléfono.',
        },
      ],
    },

    'notification-issues': {
      title: 'No me llegan los emails o las notificaciones',
      excerpt: 'Qué revisar si no te llega un email de Nido o una notificación push, y qué hacer si el navegador bloquea las notificaciones.',
      intro:
        'Nido te escribe por email por temas de tu cuenta y, si lo elegiste, por los avisos de tu familia; también puede enviarte notificaciones push al teléfono o a la computadora. Revisa estos puntos en orden.',
      steps: [
        {
          title: 'Mira primero la campana',
          content: [
            'Todos los avisos aparecen dentro de Nido, en la campana de la parte superior, aunque no te lleguen por email ni al teléfono. Si un aviso está ahí pero no te llegó por fuera, revisa en Perfil › Notificaciones:',
          ],
          list: [
            'Que ese tipo de aviso tenga activado «Email» o «Push».',
            'Que no estés en tus horas de silencio: al terminar te llega un resumen.',
            'Que no te hayas dado de baja con el enlace de un email; si lo hiciste, vuelve a activar el interruptor.',
            'Si el aviso llegó pero dice solo «Tienes algo nuevo en Nido», es el modo discreto.',
          ],
          tip: 'Los avisos son sobre lo que hacen otras personas de tu familia: lo que cambias tú no te genera un aviso.',
        },
        {
          title: 'Si el navegador bloquea las notificaciones',
          content: [
            'Si en «Este dispositivo» ves «Las notificaciones están bloqueadas para Nido en este navegador», se rechazó el permiso y Nido no puede volver a pedirlo. Para permitirlas:',
          ],
          list: [
            'En la computadora o en Android: toca el candado junto a la dirección de la página, cambia «Notificaciones» a «Permitir» y recarga la página.',
            'Si instalaste Nido en Android: mantén presionado su ícono, toca «Información de la app» y activa las notificaciones. En iPhone o iPad: Ajustes › Notificaciones › Nido.',
            'Revisa también que el modo No molestar o Concentración del teléfono no las esté silenciando.',
          ],
          tip: 'Después vuelve a Perfil › Notificaciones, toca «Activar notificaciones push» y compruébalo con «Enviar un aviso de prueba».',
        },
        {
          title: 'Si no puedes activarlas en este dispositivo',
          content: [
            'Si ves «Este navegador no puede recibir notificaciones push», ese navegador no las admite; pasa también en muchas ventanas privadas. En iPhone o iPad, instala Nido en la pantalla de inicio (en Safari, Compartir › Agregar a inicio), ábrelo desde su ícono y actívalas allí.',
            'Las notificaciones push se activan en cada dispositivo por separado y se apagan en el que cierras sesión: cuando vuelvas a entrar, actívalas otra vez.',
          ],
        },
        {
          title: 'Busca los emails en todas las carpetas',
          content: [
            'Revisa spam, promociones y notificaciones, o busca «Nido» en tu correo. Agrega la dirección de Nido a tus contactos para que los próximos lleguen a la bandeja de entrada.',
          ],
        },
        {
          title: 'Revisa tu email y los enlaces vencidos',
          content: [
            'Por seguridad, Nido muestra el mismo mensaje exista o no una cuenta con ese email: si lo escribiste con un error, el correo no llega. Si llega cuando el enlace ya venció, pide uno nuevo: el de la contraseña dura 1 hora, el del cambio de email 24 horas y el de confirmación 7 días (para este, toca «Reenviar» en el aviso de la parte superior).',
          ],
          tip: 'Si sigue sin llegar nada, escríbenos a soporte@nido.app.',
        },
      ],
    },
  },
};

export default es;
