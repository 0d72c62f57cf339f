import type { Widen } from '../../shared/locales/zh-CN';

/**
 * Texts of the public site (`/home/*`, `/industrial-internet/*`) beyond the shell's `home` texts:
 * added when the site's layout loads, so the sign-in page does not carry them.
 */
export const siteZh = {
  school: {
    heroTitle: '欢迎来到{{school}}实训教学中心',
    heroText: '继续你的课程、教学任务与实验：实验环境、报告与成绩都在实验中心。',
    enter: '进入实验中心',
  },
  nav: {
    catalogues: '栏目导航',
    more: '更多',
    open: '展开 {{name}}',
  },
  titles: {
    catalogue: '栏目',
    article: '文章详情',
    noticeCentre: '公告中心',
    notice: '公告详情',
    device: '实验组件',
    competence: '学科层次',
    career: '职业规划',
    profession: '专业建设',
    partner: '合作伙伴',
    course: '课程中心',
    aiTools: 'AI 工具',
    industrial: '工业互联网',
    industrialCases: '行业案例',
    industrialPost: '案例文章',
  },
  states: {
    loading: '加载中…',
    failed: '加载失败，请稍后重试。',
    retry: '重试',
    noArticles: '暂无已发布的文章',
    noNotices: '暂无已发布的公告',
    noCatalogues: '暂无已发布的内容',
    noCourses: '暂无已发布的课程',
    notFound: '内容不存在或已下线。',
  },
  image: {
    none: '暂无图片',
    label: '{{name}}（暂无图片）',
  },
  article: {
    author: '作者：{{author}}',
    date: '发布时间：{{date}}',
    readings: '阅读 {{count}}',
    readMore: '阅读全文',
    subCatalogues: '下级栏目',
    allArticles: '全部文章',
  },
  notice: {
    source: '来源：{{source}}',
    date: '发布时间：{{date}}',
  },
  home: {
    more: '查看更多',
  },
  pager: {
    label: '分页',
    previous: '上一页',
    next: '下一页',
    status: '第 {{page}} / {{pages}} 页，共 {{total}} 条',
  },
  course: {
    intro: '平台提供的实训课程，登录后可在课程中心学习。',
    chapters: '{{count}} 章 · {{steps}} 个步骤',
    moreChapters: '等 {{count}} 章',
    difficulty: '难度',
  },
  difficulty: {
    entry: '入门',
    easy: '简单',
    harder: '较难',
    high: '高难',
  },
  ai: {
    intro: '平台集成的人工智能工具，登录后即可使用。',
    assistantTitle: 'AI 助手',
    assistantText:
      '在学习和实验中随时提问：解释概念、分析报错、给出实验步骤提示。登录后点击页面顶部的 “AI 助手” 按钮打开对话面板。',
    llmTitle: '学科大模型',
    llmText:
      '面向职业教育的学科大语言模型站点，支持教学设计、课件生成与学情分析。登录后从 AI 助手面板或 “AI 工具” 菜单进入。',
    signIn: '登录后使用',
  },
  industrial: {
    intro: '来自真实产线与行业项目的工业互联网案例。',
    allPosts: '查看全部文章',
  },
  back: '返回',
} as const;

export const siteEn: Widen<typeof siteZh> = {
  school: {
    heroTitle: 'Welcome to the lab teaching centre of {{school}}',
    heroText:
      'Carry on with your courses, teaching tasks and labs: environments, reports and scores are in the experimental centre.',
    enter: 'Go to the experimental centre',
  },
  nav: {
    catalogues: 'Catalogue navigation',
    more: 'More',
    open: 'Open {{name}}',
  },
  titles: {
    catalogue: 'Catalogue',
    article: 'Article',
    noticeCentre: 'Notice centre',
    notice: 'Notice',
    device: 'Experiment components',
    competence: 'Subject levels',
    career: 'Career planning',
    profession: 'Professional construction',
    partner: 'Partners',
    course: 'Courses',
    aiTools: 'AI tools',
    industrial: 'Industrial internet',
    industrialCases: 'Industry cases',
    industrialPost: 'Case articles',
  },
  states: {
    loading: 'Loading…',
    failed: 'Could not load. Please try again later.',
    retry: 'Retry',
    noArticles: 'No published articles yet',
    noNotices: 'No published notices yet',
    noCatalogues: 'Nothing published here yet',
    noCourses: 'No published courses yet',
    notFound: 'This content does not exist or has been taken down.',
  },
  image: {
    none: 'No image',
    label: '{{name}} (no image)',
  },
  article: {
    author: 'Author: {{author}}',
    date: 'Published: {{date}}',
    readings: '{{count}} reads',
    readMore: 'Read more',
    subCatalogues: 'Sub-catalogues',
    allArticles: 'All articles',
  },
  notice: {
    source: 'Source: {{source}}',
    date: 'Published: {{date}}',
  },
  home: {
    more: 'See more',
  },
  pager: {
    label: 'Pages',
    previous: 'Previous',
    next: 'Next',
    status: 'Page {{page}} of {{pages}}, {{total}} in all',
  },
  course: {
    intro: 'Hands-on courses of the platform; sign in to study them in the course centre.',
    chapters: '{{count}} chapters · {{steps}} steps',
    moreChapters: 'and {{count}} chapters in all',
    difficulty: 'Difficulty',
  },
  difficulty: {
    entry: 'Entry',
    easy: 'Easy',
    harder: 'More difficult',
    high: 'High',
  },
  ai: {
    intro: 'The AI tools built into the platform, ready once you sign in.',
    assistantTitle: 'AI assistant',
    assistantText:
      'Ask while you study and experiment: concepts explained, errors analysed, hints for lab steps. After signing in, open the chat panel with the “AI assistant” button at the top of the page.',
    llmTitle: 'Subject large language model',
    llmText:
      'A large-language-model site for vocational subjects: lesson design, slide generation and learning analysis. After signing in, reach it from the AI assistant panel or the “AI tools” menu.',
    signIn: 'Sign in to use',
  },
  industrial: {
    intro: 'Industrial-internet cases from real production lines and industry projects.',
    allPosts: 'All articles',
  },
  back: 'Back',
};
