import { h2, h3, note, ol, p, ul } from './blocks';
import type { PostId, PostText } from './types';

export const postsEs: Record<PostId, PostText> = {
  communication: {
    title: 'Comunicación efectiva en la coparentalidad: cómo hablar cuando ya no son pareja',
    excerpt:
      'La relación de pareja terminó, pero la conversación sobre los hijos sigue. Ideas concretas para que esos mensajes sean más claros, más breves y menos tensos.',
    metaDescription:
      'Guía práctica de comunicación entre padres separados: tono, canales, acuerdos por escrito y cómo manejar los desacuerdos sin que los hijos queden en el medio.',
    tags: ['comunicación', 'coparentalidad', 'acuerdos', 'conflictos'],
    content: [
      p(
        'Cuando una pareja con hijos se separa, la relación no desaparece: cambia de forma. Dejan de ser pareja, pero van a seguir siendo, durante muchos años, el equipo que organiza la vida de sus hijos. Turnos médicos, reuniones del colegio, cumpleaños, vacaciones, una fiebre un domingo a la noche. Cada una de esas situaciones pide una conversación, y la calidad de esas conversaciones pesa mucho más de lo que parece en el día a día de los chicos.',
      ),
      p(
        'No hace falta llevarse bien para comunicarse bien. Muchas familias funcionan con una relación cordial y distante entre los adultos, y está perfecto. Lo que sí ayuda es tratar la comunicación como una tarea práctica, con algunas reglas simples que ambos conocen. Estas son las que vemos funcionar con más frecuencia.',
      ),
      h2('Piensa en la relación como una sociedad de trabajo'),
      p(
        'Una imagen útil es la de dos colegas que comparten un proyecto importante. No necesitan ser amigos ni contarse su vida; necesitan información clara, puntualidad y respeto. Esa mirada quita peso emocional a cada mensaje: la pregunta deja de ser «¿qué me quiso decir?» y pasa a ser «¿qué necesita saber el otro para que esto funcione?».',
      ),
      ul(
        'Saluda y despídete con cortesía, aunque sea en una línea.',
        'Habla de hechos y de planes, no de intenciones ni de culpas.',
        'Separa los temas de los hijos de los temas pendientes de la pareja. Si hay algo económico o personal que resolver, búscale otro momento y otro canal.',
      ),
      h2('Elige el canal según el tema'),
      p(
        'Gran parte de las discusiones nacen de usar el canal equivocado. Un audio largo a las once de la noche para acordar las vacaciones de invierno, o un tema delicado planteado en la puerta del colegio, delante de los chicos, casi siempre sale mal. Conviene acordar de antemano qué se habla por dónde.',
      ),
      ul(
        'Mensajes escritos para la logística: horarios, retiros, turnos, cambios de planes. Quedan registrados y se pueden releer.',
        'Una llamada o un encuentro breve para los temas que necesitan matices, como un problema en la escuela o una decisión de salud.',
        'Nunca a través de los hijos. Pedirle a un chico que «le diga a tu papá» o «le avise a tu mamá» lo pone en un lugar que no le corresponde.',
      ),
      p(
        'Tener la información de cada hijo en un lugar compartido también reduce los mensajes. Si el teléfono del pediatra, el horario de natación o la alergia a un medicamento están a mano para los dos, nadie tiene que preguntar ni esperar respuesta.',
      ),
      h2('Mensajes breves, informativos, amables y firmes'),
      p(
        'Una regla fácil de recordar para los mensajes escritos es que sean breves, informativos, amables y firmes. Cada palabra cumple una función: breve, porque un texto largo invita a responder punto por punto; informativo, porque el objetivo es transmitir datos; amable, porque el tono cambia la respuesta que recibes; firme, porque lo que propones tiene que quedar claro y no dejar lugar a interpretaciones.',
      ),
      h3('Un ejemplo'),
      p(
        'Compara estas dos versiones. Primera: «Otra vez te olvidaste de avisarme del acto del colegio, como siempre. Me enteré por otra madre. Así no se puede». Segunda: «Hola. El viernes a las 10 es el acto de fin de año de Sofía. Yo voy a estar; si quieres ir, la escuela pide confirmar antes del miércoles. Gracias». La segunda dice lo mismo que importa, no abre una discusión y deja un plan concreto.',
      ),
      h3('Antes de enviar'),
      ol(
        'Relee el mensaje como si lo fuera a leer tu hijo dentro de diez años.',
        'Borra adjetivos, ironías y referencias al pasado.',
        'Comprueba que tenga fecha, hora y lugar si habla de un plan.',
        'Si estás enojado, guárdalo como borrador y vuelve a leerlo una hora después.',
      ),
      h2('Acuerdos por escrito y tiempos de respuesta'),
      p(
        'Muchos malentendidos se evitan con acuerdos explícitos sobre cómo se comunican. No hace falta un documento formal; alcanza con hablarlo una vez y dejarlo por escrito. Algunos puntos que vale la pena acordar:',
      ),
      ul(
        'En cuánto tiempo se responde un mensaje que no es urgente (por ejemplo, dentro de las 24 horas).',
        'Qué se considera urgente y cómo se avisa: una emergencia médica no se comunica con un mensaje que quizás se lea al día siguiente.',
        'Con cuánta anticipación se piden los cambios de días o de horarios.',
        'Qué decisiones se consultan siempre y cuáles puede tomar quien está con los chicos en ese momento.',
      ),
      p(
        'Cuando se toma una decisión por teléfono o en persona, un mensaje corto para confirmarla ayuda mucho: «Como hablamos, esta semana retiro yo a Tomás el jueves y tú el viernes». Es una forma simple de que los dos recuerden lo mismo.',
      ),
      h2('Los cambios de planes'),
      p(
        'Pocas cosas generan tanta fricción como los cambios de último momento. Un viaje de trabajo, un chico enfermo, un cumpleaños que cae en el día que no corresponde. Los imprevistos existen para los dos, y la forma en que se piden y se responden los cambios define buena parte del clima entre las casas.',
      ),
      ul(
        'Pide el cambio lo antes posible y explica brevemente el motivo, sin justificarte de más.',
        'Propón una alternativa concreta: «¿te parece si me quedo con ellos el sábado en lugar del viernes?».',
        'Acepta que el otro puede decir que no. Un pedido no es una obligación.',
        'Lleva la cuenta con generosidad: hoy te toca ceder a ti, mañana al otro. Contabilizar cada favor suele terminar en reproches.',
        'Cuando el cambio afecta a los chicos, cuéntaselo ustedes dos con la misma versión.',
      ),
      h2('Cuando aparece el desacuerdo'),
      p(
        'Los desacuerdos son inevitables y no significan que la coparentalidad esté fallando. Lo que marca la diferencia es cómo se tramitan. Algunas prácticas que bajan la temperatura:',
      ),
      ul(
        'Habla en primera persona: «me preocupa que duerma poco los domingos» funciona mejor que «nunca lo acuestas temprano».',
        'Pregunta antes de suponer. Muchas veces el otro tenía una razón que desconocías.',
        'Busca la decisión, no la victoria. La pregunta útil es qué necesita el chico, no quién tenía razón.',
        'Acepta soluciones imperfectas. Un acuerdo razonable que se cumple vale más que uno ideal que nadie respeta.',
        'Si la conversación se traba, posponla con un límite claro: «lo pienso y te respondo mañana a la tarde».',
      ),
      p(
        'Cuando los conflictos se repiten o escalan, pedir ayuda es una decisión responsable, no una derrota. La mediación familiar, la orientación de un psicólogo o el acompañamiento de un profesional de la coparentalidad pueden destrabar situaciones que solos se vuelven circulares.',
      ),
      h2('Lo que los hijos escuchan'),
      p(
        'Los chicos perciben mucho más de lo que los adultos creemos: el tono de una llamada, un suspiro al leer un mensaje, un comentario al pasar. Protegerlos del conflicto no implica fingir que todo está bien, sino evitar que carguen con lo que no les toca.',
      ),
      ul(
        'No hables mal del otro progenitor delante de ellos, ni siquiera en broma.',
        'No les pidas información sobre lo que pasa en la otra casa.',
        'No discutas en los momentos de intercambio, cuando pasan de una casa a la otra.',
        'Muéstrales que los adultos pueden ponerse de acuerdo: escuchar «lo hablamos con tu papá y decidimos…» les da tranquilidad.',
      ),
      h2('Cuando la comunicación no es posible'),
      p(
        'Todo lo anterior supone dos adultos que, con esfuerzo, pueden hablar. Hay situaciones en las que eso no es así: violencia, amenazas, hostigamiento constante o miedo. En esos casos la prioridad es la seguridad, tuya y de tus hijos. La comunicación debería limitarse a lo indispensable, por escrito, y conviene buscar asesoramiento profesional y, si corresponde, intervención judicial. Ninguna técnica de comunicación reemplaza esa protección.',
      ),
      h2('Para llevar'),
      ul(
        'Trata la coparentalidad como una sociedad de trabajo con un objetivo compartido: tus hijos.',
        'Escribe para la logística y habla para lo delicado; nunca uses a los chicos de mensajeros.',
        'Mensajes breves, informativos, amables y firmes.',
        'Acuerda tiempos de respuesta, qué es urgente y qué decisiones se consultan.',
        'En los desacuerdos, busca la decisión y no la victoria; pide ayuda si se repiten.',
      ),
      p(
        'Comunicarse bien no borra lo que dolió ni resuelve todo, pero le da a tus hijos algo muy valioso: la certeza de que, aunque vivan en dos casas, los adultos que los cuidan siguen trabajando juntos para ellos.',
      ),
    ],
  },

  technology: {
    title: 'Tecnología y coparentalidad: herramientas que ordenan, no que vigilan',
    excerpt:
      'Calendarios, mensajes, fichas con la información de los chicos: la tecnología puede quitarle mucha fricción a la coparentalidad si se elige y se usa con criterio.',
    metaDescription:
      'Cómo usar herramientas digitales en la coparentalidad: qué información conviene compartir, qué buscar en una aplicación, privacidad y acuerdos de uso entre padres separados.',
    tags: ['tecnología', 'organización', 'privacidad', 'herramientas'],
    content: [
      p(
        'Hace unos años, organizar la vida de unos hijos que viven en dos casas dependía de la memoria, de una agenda de papel que viajaba en la mochila y de largas cadenas de mensajes. Hoy existen herramientas que pueden ayudar mucho, pero también aumentar el ruido si se usan sin un plan. Este artículo repasa cómo sacarles provecho sin que se conviertan en una fuente más de conflicto.',
      ),
      h2('Qué problema resuelve la tecnología (y cuál no)'),
      p(
        'La tecnología es muy buena para una cosa: que la información correcta esté disponible para las personas correctas en el momento en que la necesitan. No resuelve desacuerdos de fondo ni reemplaza la buena voluntad. Si la usas para ordenar datos y acuerdos, ayuda; si la usas para controlar al otro, empeora las cosas.',
      ),
      ul(
        'Sirve para: tener a mano los datos de cada hijo, coordinar horarios, dejar constancia de lo acordado y no depender de la memoria.',
        'No sirve para: ganar discusiones, revisar qué hace el otro en su casa o sustituir una conversación difícil.',
      ),
      h2('La información que conviene tener en un solo lugar'),
      p(
        'Muchas preguntas entre padres separados son, en realidad, pedidos de información: cuál es el teléfono de la escuela, a qué hora termina fútbol, qué dosis le dio el pediatra. Cuando esa información está en un lugar que ambos pueden consultar, esas preguntas desaparecen. Lo básico suele ser:',
      ),
      ul(
        'Datos escolares: escuela, grado, docente, horario de entrada y salida, teléfono.',
        'Salud: médico de cabecera, alergias, medicamentos, condiciones especiales y próximos turnos.',
        'Actividades: dónde, qué días y a qué hora.',
        'Contactos de emergencia, ordenados por prioridad.',
        'Una foto actual, útil en cualquier trámite o emergencia.',
      ),
      p(
        'Es justamente lo que hoy hace Nido: una ficha por hijo con esa información, compartida dentro de la familia, y mensajes entre padres que quedan registrados. También tiene un calendario compartido con el régimen de cuidado; el registro de gastos está en desarrollo y lo iremos sumando.',
      ),
      h2('Qué buscar en una aplicación para coparentalidad'),
      p(
        'Existen muchas opciones, desde herramientas generales (calendarios compartidos, carpetas en la nube, planillas) hasta aplicaciones pensadas para padres separados. Algunas preguntas para elegir:',
      ),
      ol(
        '¿Es fácil para los dos? Una herramienta que solo uno entiende termina siendo de uno solo.',
        '¿Funciona en los idiomas y dispositivos que usan ambos?',
        '¿Quién puede ver cada dato? La información de salud y la ubicación de tus hijos merecen cuidado.',
        '¿Qué pasa con los datos si dejas de usarla? Deberías poder exportarlos o borrarlos.',
        '¿Cómo se financia? Si es gratis, pregúntate si el negocio son tus datos.',
      ),
      h2('Privacidad: lo que se comparte y lo que no'),
      p(
        'Compartir la información de los hijos no significa compartir todo. Cada adulto tiene derecho a su vida privada, y los chicos también. Algunas pautas:',
      ),
      ul(
        'Comparte lo que ambos necesitan para cuidar: salud, escuela, horarios, contactos.',
        'No uses aplicaciones de localización para seguir al otro progenitor ni para saber dónde está tu hijo cuando está en la otra casa, salvo que lo hayan acordado por una razón concreta.',
        'Cuida las fotos: evita publicarlas en redes con datos que permitan ubicar a tus hijos, como el uniforme de la escuela o la dirección.',
        'Usa contraseñas propias y, cuando la herramienta lo permita, verificación en dos pasos.',
      ),
      h2('Acuerdos de uso'),
      p(
        'Igual que con cualquier otra regla de la familia, conviene que los dos acuerden cómo van a usar la herramienta elegida. Por ejemplo: quién actualiza qué dato, que un cambio importante (un medicamento nuevo, un cambio de horario) se carga y además se avisa, y que la herramienta no se usa para discutir. Unos minutos de conversación al principio ahorran muchas confusiones después.',
      ),
      h2('Cuando uno de los dos no quiere usarla'),
      p(
        'Es frecuente que uno de los padres proponga una herramienta y el otro no quiera sumarse: por desconfianza, porque le parece una imposición o simplemente porque no le gusta la tecnología. Insistir rara vez funciona. Suele dar mejor resultado mostrar el beneficio concreto para el otro («vas a tener el teléfono del pediatra y los horarios siempre a mano, sin tener que preguntarme»), empezar por algo chico y mantener, mientras tanto, los canales de siempre. Si la herramienta no se adopta, el objetivo sigue siendo el mismo: que ambos tengan la información que necesitan.',
      ),
      h2('El tono también viaja por escrito'),
      p(
        'La comunicación digital tiene una trampa: el texto pierde el tono de voz y el gesto, y el otro completa lo que falta con su propio estado de ánimo. Un «ok» seco puede leerse como desinterés; una pregunta directa, como un reproche. Por eso conviene escribir un poco más amable de lo que hablarías en persona, evitar las mayúsculas y los signos de exclamación en serie, y no responder en caliente. Si un mensaje te molesta, pregunta antes de suponer: muchas veces no era lo que parecía.',
      ),
      h2('Pantallas y chicos en dos casas'),
      p(
        'La tecnología también entra en la coparentalidad por otro lado: el uso que hacen los hijos de pantallas y redes. Cuando las reglas cambian mucho de una casa a otra, los chicos lo notan y a veces lo aprovechan. No hace falta que todo sea idéntico, pero sí ayuda coincidir en algunos mínimos: a qué edad un celular propio, qué aplicaciones se permiten, horarios sin pantallas antes de dormir. Y sobre todo, que el teléfono no se convierta en un canal para hablar de los problemas entre adultos.',
      ),
      h2('En resumen'),
      ul(
        'Usa la tecnología para ordenar información y acuerdos, no para controlar.',
        'Reúne en un lugar compartido los datos escolares, de salud, actividades y contactos de cada hijo.',
        'Elige herramientas fáciles para los dos, claras sobre privacidad y que te dejen llevarte tus datos.',
        'Acuerden cómo la van a usar, y cuiden la privacidad de cada adulto y de los chicos.',
      ),
    ],
  },

  wellbeing: {
    title: 'El bienestar emocional de los hijos durante la separación',
    excerpt:
      'Una separación sacude a toda la familia. Qué suelen sentir los chicos según su edad, cómo hablarles de lo que pasa y qué señales indican que necesitan más apoyo.',
    metaDescription:
      'Cómo acompañar emocionalmente a los hijos durante una separación o divorcio: cómo contarlo, reacciones según la edad, rutinas entre dos casas y cuándo pedir ayuda profesional.',
    tags: ['bienestar', 'emociones', 'separación', 'crianza'],
    content: [
      p(
        'La separación de los padres es una de las experiencias más movilizadoras que puede vivir un chico. Eso no significa que vaya a dejarle una marca negativa para siempre: la investigación sobre familias separadas coincide en que lo que más influye en cómo les va a los hijos no es la separación en sí, sino lo que pasa alrededor. El nivel de conflicto entre los adultos, la estabilidad de las rutinas y la calidad del vínculo con cada progenitor pesan mucho más que el hecho de vivir en una o en dos casas.',
      ),
      p(
        'Este artículo reúne ideas generales para acompañar a los hijos en ese proceso. No reemplaza la mirada de un profesional que conozca a tu familia, pero puede ayudarte a ordenar por dónde empezar.',
      ),
      h2('Cómo contarles'),
      p(
        'Si es posible, conviene que la noticia la den los dos juntos, con un mensaje acordado de antemano. Los chicos necesitan escuchar que la decisión es de los adultos, que es definitiva y que no tiene nada que ver con ellos. También necesitan saber qué va a cambiar en su vida concreta: dónde van a dormir, cuándo van a ver a cada uno, si cambian de escuela o no.',
      ),
      ul(
        'Elige un momento tranquilo, sin apuro y sin otras personas presentes.',
        'Usa palabras simples y adecuadas a su edad; no hace falta explicar los motivos de la separación.',
        'Dilo claramente: «no es tu culpa» y «los dos te vamos a seguir queriendo y cuidando».',
        'Deja espacio para preguntas, hoy y en los días siguientes. Muchas aparecen después.',
        'Evita promesas que quizás no puedas cumplir, como «nada va a cambiar».',
      ),
      h2('Qué pueden sentir según la edad'),
      p(
        'Cada chico es distinto, pero hay reacciones que se repiten según la etapa. Conocerlas ayuda a no alarmarse por lo esperable y a detectar lo que merece atención.',
      ),
      h3('Primera infancia (hasta los 5 años)'),
      p(
        'Los más pequeños no entienden bien qué es una separación, pero perciben el cambio y la tensión. Pueden volver a conductas que ya habían superado, como mojar la cama o pedir el chupete, tener más berrinches o costarles separarse de uno de los padres. Necesitan rutinas predecibles, objetos que viajen con ellos entre casas y mucho contacto físico.',
      ),
      h3('Edad escolar (6 a 11 años)'),
      p(
        'En esta etapa es común la tristeza, el enojo y, a veces, la fantasía de que los padres vuelvan a estar juntos. También pueden sentirse responsables o intentar «arreglar» la situación. Algunos muestran cambios en el rendimiento escolar o en la relación con sus amigos. Les ayuda poder nombrar lo que sienten y saber que pueden querer a los dos sin traicionar a ninguno.',
      ),
      h3('Adolescencia (12 años en adelante)'),
      p(
        'Los adolescentes entienden más, y por eso a veces toman partido, se enojan con uno de los padres o se alejan. Pueden buscar apoyo fuera de la familia o, al contrario, asumir responsabilidades de adulto, como cuidar a hermanos menores o consolar a un padre. Necesitan que se respete su opinión y su creciente autonomía, sin que eso los convierta en confidentes ni en árbitros de los conflictos de los adultos.',
      ),
      h2('Preguntas difíciles'),
      p(
        'Tarde o temprano llegan las preguntas que cuesta responder. No hay frases mágicas, pero sí algunas respuestas honestas y adecuadas a la edad que suelen funcionar:',
      ),
      ul(
        '«¿Por qué se separaron?»: «Nosotros ya no podíamos seguir siendo pareja ni vivir juntos. Es una decisión de grandes y la pensamos mucho». No hace falta entrar en detalles ni señalar culpables.',
        '«¿Van a volver a estar juntos?»: si la respuesta es no, conviene decirlo con cariño y claridad. Alimentar la esperanza prolonga la angustia.',
        '«¿Fue por algo que hice?»: «No. Nada de lo que hiciste o dijiste causó esto, y nada de lo que hagas lo va a cambiar».',
        '«¿A quién quiero más?»: «Puedes querernos a los dos todo lo que quieras. Nadie se enoja por eso».',
      ),
      p(
        'Es probable que las mismas preguntas vuelvan varias veces. No es que no hayan entendido: repetirlas es una forma de procesar lo que pasa y de comprobar que la respuesta sigue siendo la misma.',
      ),
      h2('Rutinas y previsibilidad'),
      p(
        'Cuando el mundo cambia, la previsibilidad da seguridad. Saber qué va a pasar mañana, quién los busca en la escuela y dónde duermen el fin de semana les devuelve una sensación de control. Algunas ideas:',
      ),
      ul(
        'Un calendario visible, en papel o en el teléfono, con los días en cada casa.',
        'Horarios de comida y sueño parecidos en ambos hogares, aunque no sean idénticos.',
        'Sus cosas importantes en los dos lugares: ropa, cepillo de dientes, algún juguete o libro.',
        'Transiciones tranquilas: avisar con tiempo, no discutir en el momento del cambio, dejarles unos minutos para acomodarse.',
        'Que los dos conozcan la misma información: la tarea pendiente, el turno con el dentista, la pelea con un amigo.',
      ),
      p(
        'Este último punto es más importante de lo que parece. Cuando un chico tiene que contar lo mismo dos veces, o recordarle a un adulto lo que el otro ya sabía, termina haciendo de puente entre sus padres. Compartir la información de cada hijo entre los dos adultos le ahorra esa tarea.',
      ),
      h2('Lo que los protege y lo que los daña'),
      p(
        'Hay algo en lo que coinciden casi todos los especialistas: el conflicto abierto y sostenido entre los padres es lo que más daña a los hijos. No se trata de que nunca haya desacuerdos, sino de que los chicos no queden en el medio.',
      ),
      h3('Los protege'),
      ul(
        'Una relación cálida y estable con cada progenitor.',
        'Padres que se hablan con respeto delante de ellos, aunque no sean amigos.',
        'Permiso explícito para querer a los dos y disfrutar del tiempo en cada casa.',
        'Adultos que cuidan de sí mismos y buscan apoyo en otros adultos.',
      ),
      h3('Los daña'),
      ul(
        'Escuchar críticas o insultos hacia el otro progenitor.',
        'Ser usados como mensajeros o como fuente de información sobre la otra casa.',
        'Sentir que tienen que elegir, o que disfrutar con uno lastima al otro.',
        'Convertirse en el sostén emocional de un adulto.',
      ),
      h2('Cómo conversar sobre lo que sienten'),
      p(
        'Los chicos no siempre dicen lo que les pasa con palabras. A veces lo muestran en el juego, en el cuerpo (dolores de panza, problemas para dormir) o en el comportamiento. Abrir la conversación sin presionar es un equilibrio delicado.',
      ),
      ul(
        'Aprovecha momentos laterales: en el auto, cocinando juntos, antes de dormir. Las conversaciones cara a cara a veces intimidan.',
        'Pon en palabras lo que ves: «te noto más callado desde que volviste, ¿quieres contarme algo?».',
        'Valida las emociones aunque no te gusten: el enojo y la tristeza son respuestas razonables.',
        'No necesitas tener todas las respuestas. A veces alcanza con escuchar.',
        'Para los más chicos, los cuentos y los dibujos son una buena puerta de entrada.',
      ),
      h2('Fechas especiales'),
      p(
        'Cumpleaños, fiestas de fin de año, el Día de la Madre y del Padre, el primer día de clases: las fechas que antes se celebraban en familia pueden volverse difíciles. Planificarlas con tiempo evita que se conviertan en un campo de batalla y que los chicos las vivan con angustia.',
      ),
      ul(
        'Acuerden con anticipación cómo se reparten las fechas importantes, por ejemplo alternando por año.',
        'Si es posible, permitan que los chicos hablen con el otro progenitor ese día, aunque sea por teléfono.',
        'En los actos escolares y los cumpleaños, lo ideal es que ambos puedan estar sin tensión; si todavía no es posible, acuerden turnos.',
        'Creen rituales nuevos en cada casa. No se trata de reemplazar lo que había, sino de sumar.',
      ),
      h2('Nuevas parejas y familia extensa'),
      p(
        'Con el tiempo, es probable que alguno de los padres forme una nueva pareja. Para los chicos puede ser un cambio tan grande como la separación misma. Conviene presentarla cuando la relación ya es estable, hacerlo de a poco y sin pedirles que la quieran ni que ocupe el lugar de su padre o su madre. También ayuda avisarle antes al otro progenitor, para que no se entere por los chicos.',
      ),
      p(
        'Los abuelos, tíos y amigos cercanos también cumplen un papel. Pueden ser un sostén muy valioso si se mantienen al margen del conflicto. Pedirles que no hablen mal de ninguno de los padres delante de los chicos es un pedido razonable y, a veces, necesario.',
      ),
      h2('Cuidarte para poder cuidar'),
      p(
        'Atravesar una separación mientras se cría a un hijo es agotador. Es habitual sentir culpa, tristeza, enojo o miedo, y es difícil sostener a otro cuando uno mismo está desbordado. Buscar apoyo en amigos, familia, grupos de padres o un terapeuta no es un lujo: es parte de cuidar a tus hijos. Un adulto más tranquilo transmite más seguridad.',
      ),
      h2('Cuándo pedir ayuda profesional'),
      p(
        'Muchas de las reacciones descritas son esperables y se van atenuando con el tiempo, en general en el transcurso de los primeros meses o del primer año. Conviene consultar con un pediatra o un psicólogo infantil si notas que:',
      ),
      ul(
        'La tristeza, el enojo o el miedo no disminuyen con el paso de las semanas, o aumentan.',
        'Hay cambios marcados en el sueño, la alimentación o el rendimiento escolar que se sostienen en el tiempo.',
        'Tu hijo se aísla de sus amigos o deja de disfrutar de actividades que le gustaban.',
        'Aparecen conductas de riesgo, autolesiones o comentarios sobre no querer vivir. En ese caso, la consulta debe ser inmediata.',
      ),
      note(
        'Este artículo ofrece información general y no reemplaza la evaluación de un profesional de la salud. Si te preocupa la salud emocional de tu hijo, consulta con su pediatra o con un profesional de salud mental.',
      ),
      h2('Para recordar'),
      ul(
        'No es la separación en sí lo que más afecta a los chicos, sino el conflicto y la inestabilidad que la rodean.',
        'Cuéntales juntos, con claridad, y repíteles que no es su culpa.',
        'Las reacciones cambian con la edad: conocerlas ayuda a acompañarlas.',
        'Rutinas previsibles e información compartida entre las dos casas les dan seguridad.',
        'Cuídate y pide ayuda cuando la necesites, para ti o para ellos.',
      ),
    ],
  },

  legal: {
    title: 'Aspectos legales de la coparentalidad en Argentina: lo básico que conviene saber',
    excerpt:
      'Responsabilidad parental, cuidado personal compartido, plan de parentalidad y cuota alimentaria: un repaso general de cómo el Código Civil y Comercial ordena la crianza después de la separación.',
    metaDescription:
      'Información general sobre coparentalidad en Argentina según el Código Civil y Comercial: responsabilidad parental, cuidado personal, plan de parentalidad, alimentos y mediación.',
    tags: ['legal', 'Argentina', 'responsabilidad parental', 'cuota alimentaria'],
    content: [
      note(
        'Este artículo ofrece información general sobre el derecho argentino y no constituye asesoramiento legal. Cada familia tiene circunstancias propias, las normas y su interpretación pueden cambiar, y los procedimientos varían según la provincia. Antes de tomar decisiones, consulta con un abogado o abogada especializado en derecho de familia.',
      ),
      p(
        'Cuando una pareja con hijos se separa, además de las preguntas emocionales y prácticas aparecen las legales: quién decide sobre la escuela, con quién viven los chicos, cómo se reparten los gastos, qué pasa si uno quiere mudarse. En Argentina, la mayoría de estas cuestiones está regulada por el Código Civil y Comercial de la Nación, vigente desde agosto de 2015, que cambió de forma importante la manera de pensar las relaciones entre padres e hijos.',
      ),
      p(
        'Este artículo repasa los conceptos centrales en un lenguaje sencillo, para que puedas llegar mejor informado a una conversación con el otro progenitor, con un mediador o con tu abogado.',
      ),
      h2('De la «patria potestad» a la responsabilidad parental'),
      p(
        'El Código anterior hablaba de «patria potestad». El actual la reemplazó por la «responsabilidad parental»: el conjunto de deberes y derechos que tienen los progenitores sobre la persona y los bienes de sus hijos, para su protección, desarrollo y formación integral, mientras son menores de edad y no se han emancipado.',
      ),
      p('El cambio de nombre no es solo formal. La responsabilidad parental se apoya en tres principios:'),
      ul(
        'El interés superior del niño: las decisiones deben tomarse pensando en lo que es mejor para el hijo, no en lo que prefieren los adultos.',
        'La autonomía progresiva: a medida que los chicos crecen y maduran, necesitan menos representación de sus padres y pueden intervenir más en las decisiones que los afectan.',
        'El derecho a ser oído: los hijos tienen derecho a expresar su opinión y a que se la tenga en cuenta según su edad y grado de madurez.',
      ),
      p(
        'Estos principios dialogan con la Convención sobre los Derechos del Niño, que en Argentina tiene jerarquía constitucional, y con la ley nacional de protección integral de los derechos de niñas, niños y adolescentes.',
      ),
      h2('La separación no termina la responsabilidad parental'),
      p(
        'Un punto clave: la separación o el divorcio terminan la relación de pareja, pero no la responsabilidad parental. Como regla, cuando los progenitores no conviven, ambos siguen ejerciéndola. En la vida cotidiana, se presume que lo que hace uno de ellos cuenta con la conformidad del otro, lo que permite resolver el día a día sin pedir permiso para cada cosa.',
      ),
      p(
        'Hay, sin embargo, decisiones importantes que la ley reserva al acuerdo de ambos. Entre ellas, por ejemplo, autorizar a un hijo a salir del país o a cambiar su residencia permanente al extranjero. Si no hay acuerdo, quien quiera avanzar puede pedir que un juez decida. Como la lista completa y sus matices dependen del caso, este es uno de los temas en los que conviene consultar antes de actuar.',
      ),
      h2('El cuidado personal: unilateral o compartido'),
      p(
        'El Código llama «cuidado personal» a los deberes y facultades referidos a la vida cotidiana del hijo: dónde vive, quién lo lleva a la escuela, quién organiza sus rutinas. Puede ser unilateral, cuando está a cargo de uno de los progenitores, o compartido.',
      ),
      p('El cuidado compartido, a su vez, puede tomar dos formas:'),
      ul(
        'Alternado: el hijo pasa períodos de tiempo con cada progenitor, según la organización posible de la familia.',
        'Indistinto: el hijo reside principalmente en el domicilio de uno de ellos, pero ambos comparten las decisiones y se distribuyen de forma equitativa las tareas de cuidado.',
      ),
      p(
        'La regla general es el cuidado compartido. Cuando el tema llega a un juez, la primera alternativa que debe considerar es el cuidado compartido en su modalidad indistinta, salvo que no sea posible o resulte perjudicial para el hijo. El cuidado unilateral queda como excepción, y aun en ese caso el progenitor que no convive con el hijo mantiene el derecho y el deber de comunicarse fluidamente con él y de participar en su crianza.',
      ),
      p(
        'En la práctica, «compartido» no significa necesariamente mitad y mitad del tiempo. Significa que los dos siguen siendo responsables y que las tareas se reparten de un modo equitativo, adaptado a la realidad de cada familia: distancias, horarios de trabajo, edad de los chicos.',
      ),
      h2('El plan de parentalidad'),
      p(
        'Una de las herramientas más útiles que introdujo el Código es el plan de parentalidad. Los progenitores pueden presentar un plan sobre el cuidado de sus hijos que incluya, entre otros puntos:',
      ),
      ul(
        'El lugar y el tiempo en que el hijo permanece con cada progenitor.',
        'Las responsabilidades que cada uno asume.',
        'El régimen de vacaciones, días festivos y otras fechas significativas para la familia.',
        'La forma de relación y comunicación con el hijo cuando está en la casa del otro progenitor.',
      ),
      p(
        'El plan puede modificarse a medida que cambian las necesidades de la familia y de los hijos en sus distintas etapas, y la ley indica que los progenitores deben procurar la participación del hijo en su elaboración y en sus cambios. Si no hay acuerdo, el juez puede fijar un régimen, procurando siempre la participación de ambos en la vida de los chicos.',
      ),
      h3('Ideas para armar un buen plan'),
      ul(
        'Sé concreto: días, horarios y quién busca a quién, en lugar de fórmulas vagas como «fines de semana a convenir».',
        'Piensa en el calendario completo: vacaciones de invierno y de verano, feriados largos, cumpleaños, Día de la Madre y del Padre, fiestas de fin de año.',
        'Incluye cómo se van a comunicar y cómo se resolverán los cambios y los imprevistos.',
        'Prevé cómo irá cambiando con la edad: lo que funciona con un bebé no sirve para un adolescente.',
        'Acuerda cómo se comparte la información escolar y médica.',
      ),
      h2('La cuota alimentaria'),
      p(
        'Ambos progenitores tienen la obligación de criar a sus hijos, alimentarlos y educarlos según su condición y sus posibilidades económicas, aunque el cuidado personal esté a cargo de uno solo. Esa obligación, a la que la ley llama «alimentos», es mucho más amplia que la comida.',
      ),
      p('Según el Código, los alimentos comprenden lo necesario para:'),
      ul(
        'Manutención, vestimenta y vivienda.',
        'Educación y esparcimiento.',
        'Asistencia y gastos por enfermedad.',
        'Adquirir una profesión u oficio.',
      ),
      p(
        'La obligación no termina a los 18 años: como regla se extiende hasta los 21, salvo que el obligado demuestre que el hijo mayor de edad cuenta con recursos suficientes para mantenerse. Y si el hijo sigue estudiando o capacitándose y eso le impide sostenerse, puede extenderse hasta los 25 años.',
      ),
      p(
        'Un punto que a veces se pasa por alto: la ley reconoce que las tareas cotidianas de cuidado que realiza el progenitor que convive con el hijo tienen un valor económico y constituyen un aporte a su manutención. Por eso, en el cuidado unilateral o en el indistinto, quien no convive suele hacer su aporte principalmente en dinero.',
      ),
      p(
        'La cuota puede acordarse entre los progenitores, en una mediación o en un convenio, o fijarla un juez. Conviene que el acuerdo diga con claridad el monto o la forma de calcularlo, cómo se actualiza, la fecha y el medio de pago, y cómo se reparten los gastos extraordinarios, como una cirugía, un viaje escolar o una ortodoncia. Llevar un registro ordenado de los pagos y de los gastos, con comprobantes, evita discusiones y sirve como respaldo si surge un conflicto.',
      ),
      h2('Divorcio y convenio regulador'),
      p(
        'Desde 2015, el divorcio en Argentina puede pedirlo uno solo o ambos cónyuges sin necesidad de explicar causas. Quien lo solicita debe acompañar una propuesta de convenio regulador que, entre otros temas, trate el ejercicio de la responsabilidad parental y, en especial, la prestación alimentaria de los hijos. Si el otro cónyuge no está de acuerdo con la propuesta, puede presentar la suya, y los puntos en desacuerdo se resuelven aparte; el desacuerdo no impide que se dicte el divorcio.',
      ),
      p(
        'Las parejas que no estaban casadas, como las uniones convivenciales, no se divorcian, pero las reglas sobre responsabilidad parental, cuidado personal y alimentos de los hijos son las mismas. Los derechos de los chicos no dependen del vínculo entre sus padres.',
      ),
      h2('Mediación y acuerdos'),
      p(
        'En muchas jurisdicciones del país existe una instancia de mediación previa obligatoria para ciertos temas de familia, como los alimentos o el régimen de comunicación, antes de iniciar un juicio. Las reglas concretas dependen de cada provincia y de la Ciudad de Buenos Aires.',
      ),
      p(
        'Más allá de la obligación, la mediación suele ser un buen camino: es más rápida y menos costosa que un juicio, y los acuerdos construidos por los propios padres tienden a cumplirse mejor. Un acuerdo alcanzado en mediación y, según el caso, homologado por un juez, tiene fuerza para exigirse si no se respeta.',
      ),
      h2('Preguntas frecuentes'),
      h3('¿Puedo dejar de pagar la cuota si no me dejan ver a mis hijos?'),
      p(
        'No. La obligación alimentaria y el derecho de comunicación con los hijos son independientes: el incumplimiento de uno no autoriza a incumplir el otro. Si el contacto se ve impedido, el camino es reclamarlo por las vías correspondientes, no suspender los alimentos, que son un derecho de los chicos.',
      ),
      h3('¿Sirve un acuerdo de palabra?'),
      p(
        'Un acuerdo verbal puede funcionar mientras ambos lo respeten, pero es difícil de probar y de exigir si surge un conflicto. Lo recomendable es dejarlo por escrito y, según el caso, formalizarlo en una mediación o pedir que un juez lo homologue.',
      ),
      h3('¿Mis hijos pueden opinar sobre con quién viven?'),
      p(
        'Tienen derecho a ser escuchados y a que su opinión se tenga en cuenta según su edad y madurez, pero eso no significa que la decisión quede en sus manos. Ponerlos a elegir entre sus padres suele ser una carga muy pesada; la escucha debe darse en un marco cuidado, y en un proceso judicial, con las garantías que prevé la ley.',
      ),
      h3('¿Puedo viajar con mis hijos de vacaciones?'),
      p(
        'Dentro del país, en general, sí, siempre respetando el régimen acordado. Para salir del país hace falta la conformidad del otro progenitor, que suele instrumentarse con una autorización formal. Conviene hacer ese trámite con tiempo y consultar los requisitos vigentes antes de viajar.',
      ),
      h2('Cuándo consultar a un abogado'),
      p('Siempre es recomendable contar con asesoramiento profesional, y especialmente en estas situaciones:'),
      ul(
        'Antes de firmar cualquier acuerdo o convenio.',
        'Si uno de los progenitores quiere mudarse lejos o al exterior con los hijos.',
        'Si la cuota alimentaria no se paga o se paga de forma irregular.',
        'Si hay violencia, amenazas o riesgo para ti o para tus hijos: en ese caso, busca ayuda de inmediato en los servicios de tu jurisdicción.',
        'Si el otro progenitor impide el contacto con los hijos.',
      ),
      p(
        'Si no puedes pagar un abogado particular, existen defensorías públicas y consultorios jurídicos gratuitos, por ejemplo en colegios de abogados y facultades de derecho, que pueden orientarte.',
      ),
      h2('Cómo puede ayudar la organización'),
      p(
        'Ninguna aplicación reemplaza un acuerdo legal ni el consejo de un profesional. Pero tener la información de tus hijos ordenada y compartida hace más fácil cumplir lo acordado: saber quién tiene el próximo turno médico, qué dijo la escuela o cuál es el teléfono de emergencia evita muchos conflictos cotidianos. Hoy Nido te permite guardar y compartir la información escolar, médica, de actividades y de contactos de cada hijo; un calendario compartido muestra con quién están cada noche; el registro de gastos está en desarrollo.',
      ),
      h2('Resumen'),
      ul(
        'El Código Civil y Comercial de 2015 habla de responsabilidad parental, guiada por el interés superior del niño, su autonomía progresiva y su derecho a ser oído.',
        'La separación no termina la responsabilidad parental: ambos progenitores la siguen ejerciendo.',
        'La regla es el cuidado personal compartido; el unilateral es la excepción.',
        'El plan de parentalidad permite acordar tiempos, tareas, vacaciones y comunicación, y puede cambiar con el tiempo.',
        'Los alimentos abarcan mucho más que la comida y, como regla, se extienden hasta los 21 años.',
        'Ante cualquier decisión importante, consulta con un profesional del derecho de familia.',
      ),
    ],
  },
};
