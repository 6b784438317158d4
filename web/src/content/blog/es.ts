import { postsEs } from './posts.es';
import type { BlogTexts } from './types';

export const blogEs: BlogTexts = {
  ui: {
    title: 'Blog',
    lead: 'Ideas, experiencias y guías para organizar la crianza compartida con más calma.',
    metaDescription:
      'Artículos sobre coparentalidad: comunicación entre padres separados, bienestar emocional de los hijos, tecnología y aspectos legales en Argentina.',
    searchLabel: 'Buscar en el blog',
    searchPlaceholder: 'Buscar por título o resumen',
    categoriesLabel: 'Categorías',
    categories: {
      all: 'Todas',
      coparenting: 'Coparentalidad',
      tips: 'Consejos',
      technology: 'Tecnología',
      legal: 'Legal',
      wellbeing: 'Bienestar',
      updates: 'Novedades',
    },
    featured: 'Destacados',
    allPosts: 'Todas las publicaciones',
    results: 'Resultados',
    resultCount: (n) => (n === 1 ? '1 publicación' : `${n} publicaciones`),
    noPosts: 'No encontramos publicaciones.',
    noPostsHint: 'Prueba con otras palabras o con otra categoría.',
    showAll: 'Ver todas las publicaciones',
    postMissingTitle: 'Esta publicación no existe',
    postMissingBody: 'Puede que el enlace esté mal escrito o que la publicación ya no esté. Estas son todas las que tenemos.',
    readMore: 'Leer artículo',
    minRead: (minutes) => `${minutes} min de lectura`,
    by: 'Por',
    publishedOn: 'Publicado el',
    tags: 'Etiquetas',
    share: 'Compartir',
    shareOn: {
      twitter: 'Compartir en X (Twitter)',
      facebook: 'Compartir en Facebook',
      linkedin: 'Compartir en LinkedIn',
    },
    related: 'Publicaciones relacionadas',
    backToBlog: 'Volver al blog',
  },
  author: 'Equipo de Nido',
  posts: postsEs,
};
