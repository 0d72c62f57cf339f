import type {
  Bilingual,
  CourseDifficulty,
  CourseSpecialty,
  Question,
  StepCheck,
  StepCommand,
  StepType,
} from '@platform/contract';

/** Tiptap JSON of the demo content, built from a few kinds of block. */
type Block =
  | { h: string; level?: 2 | 3 }
  | { p: string }
  | { code: string }
  | { list: string[] }
  | { img: string; alt: string };

type Doc = { type: 'doc'; [key: string]: unknown };

const text = (t: string) => [{ type: 'text', text: t }];

export function demoDoc(...blocks: Block[]): Doc {
  return {
    type: 'doc',
    content: blocks.map((b) => {
      if ('h' in b) return { type: 'heading', attrs: { level: b.level ?? 2 }, content: text(b.h) };
      if ('p' in b) return { type: 'paragraph', content: text(b.p) };
      if ('code' in b) return { type: 'codeBlock', content: text(b.code) };
      if ('img' in b) return { type: 'image', attrs: { src: b.img, alt: b.alt } };
      return {
        type: 'bulletList',
        content: b.list.map((item) => ({
          type: 'listItem',
          content: [{ type: 'paragraph', content: text(item) }],
        })),
      };
    }),
  };
}

/** A file of `demo-media/` that the seed stores for the course and puts where `content` names it. */
export interface DemoFile {
  file: string;
  name: string;
}

/** A file of `demo-media/` put in a course's resource table under `name`. */
export interface DemoResource extends DemoFile {
  contentType: string;
}

const csv = 'text/csv';
const markdown = 'text/markdown';
const pdf = 'application/pdf';

/** Report templates, one per language, for every course with a lab. */
const reportTemplates: DemoResource[] = [
  { file: 'lab-report-template.zh.md', name: '实验报告模板.md', contentType: markdown },
  { file: 'lab-report-template.en.md', name: 'Lab report template.md', contentType: markdown },
];

export type DemoStep = { name: Bilingual } & (
  | { type: Extract<StepType, 'document' | 'show' | 'report'>; doc: { zh: Doc; en: Doc } }
  | { type: Extract<StepType, 'video' | 'pdf' | 'attachment'>; file: DemoFile }
  | { type: Extract<StepType, 'question' | 'exercises'>; questions: Question[] }
  | {
      type: Extract<StepType, 'training' | 'emulation' | 'terminal'>;
      doc: { zh: Doc; en: Doc };
      envCode: string;
      commands: StepCommand[];
      checks?: StepCheck[];
    }
);

export interface DemoCourse {
  /** Seeded once per school: the course is found again by its Chinese name. */
  name: Bilingual & { zh: string; en: string };
  difficulty: CourseDifficulty;
  specialty: CourseSpecialty;
  overview: Bilingual;
  description: { zh: Doc; en: Doc };
  cover: DemoFile;
  /** The course's resource table: guides, templates and data sets, in each language. */
  resources?: DemoResource[];
  envCodes: string[];
  selfStudy: boolean;
  chapters: { name: Bilingual; description?: Bilingual; steps: DemoStep[] }[];
}

const bi = (zh: string, en: string) => ({ zh, en });

const option = (zh: string, en: string, right = false) => ({ text: bi(zh, en), right });

export const demoCourses: DemoCourse[] = [
  {
    name: bi('MQTT 与传感器', 'MQTT and sensors'),
    difficulty: 'entry',
    specialty: 'iot',
    overview: bi(
      '从发布/订阅模型到传感器数据：在智能家居仿真中动手收发 MQTT 消息。',
      'From publish/subscribe to sensor data: send and receive MQTT messages in a smart-home simulation.',
    ),
    description: {
      zh: demoDoc(
        { h: '课程简介' },
        {
          p: '本课程介绍 MQTT 协议的基本概念，并在智能家居设备仿真中订阅传感器数据、控制执行器。',
        },
        { list: ['理解主题、服务质量与保留消息', '读取温湿度与光照数据', '发布命令控制风扇与灯'] },
      ),
      en: demoDoc(
        { h: 'About this course' },
        {
          p: 'This course introduces the MQTT protocol, then subscribes to sensor data and drives actuators in a smart-home simulation.',
        },
        {
          list: [
            'Understand topics, quality of service and retained messages',
            'Read temperature, humidity and light readings',
            'Publish commands to the fan and the lamp',
          ],
        },
      ),
    },
    cover: { file: 'mqtt-cover.png', name: 'mqtt-cover.png' },
    resources: [
      { file: 'mqtt-lab-guide.zh.pdf', name: 'MQTT 实验指导书.pdf', contentType: pdf },
      { file: 'mqtt-lab-guide.en.pdf', name: 'MQTT lab guide.pdf', contentType: pdf },
      {
        file: 'mqtt-topics.pdf',
        name: 'MQTT 主题速查表 - MQTT topic cheat sheet.pdf',
        contentType: pdf,
      },
      {
        file: 'living-room-sensors.csv',
        name: '客厅传感器一天的数据 - living-room-sensors.csv',
        contentType: csv,
      },
      ...reportTemplates,
    ],
    envCodes: ['smart-home-combo'],
    selfStudy: true,
    chapters: [
      {
        name: bi('第1章 认识 MQTT', 'Chapter 1 Meet MQTT'),
        description: bi('发布/订阅模型与主题', 'Publish/subscribe and topics'),
        steps: [
          {
            name: bi('1-1 发布与订阅', '1-1 Publish and subscribe'),
            type: 'document',
            doc: {
              zh: demoDoc(
                { h: '发布与订阅' },
                {
                  p: 'MQTT 是一种轻量的发布/订阅消息协议。设备把消息发布到主题上，代理（broker）把消息转发给所有订阅了该主题的客户端。',
                },
                {
                  list: [
                    '主题用 / 分层，例如 home/livingroom/temperature',
                    '+ 匹配一层，# 匹配其后的所有层',
                    'QoS 0 至多一次，QoS 1 至少一次，QoS 2 恰好一次',
                  ],
                },
                { code: 'mosquitto_sub -t "home/+/temperature" -v' },
              ),
              en: demoDoc(
                { h: 'Publish and subscribe' },
                {
                  p: 'MQTT is a lightweight publish/subscribe messaging protocol. Devices publish messages to topics, and the broker forwards each message to every client subscribed to that topic.',
                },
                {
                  list: [
                    'Topics are levels separated by /, for example home/livingroom/temperature',
                    '+ matches one level, # matches all the levels after it',
                    'QoS 0 is at most once, QoS 1 at least once, QoS 2 exactly once',
                  ],
                },
                { code: 'mosquitto_sub -t "home/+/temperature" -v' },
              ),
            },
          },
          {
            name: bi('1-2 视频：一条消息的旅程', '1-2 Video: the journey of a message'),
            type: 'video',
            file: { file: 'mqtt-intro.webm', name: 'mqtt-intro.webm' },
          },
          {
            name: bi('1-3 主题速查表', '1-3 Topic cheat sheet'),
            type: 'pdf',
            file: { file: 'mqtt-topics.pdf', name: 'mqtt-topics.pdf' },
          },
        ],
      },
      {
        name: bi('第2章 传感器与执行器', 'Chapter 2 Sensors and actuators'),
        steps: [
          {
            name: bi('2-1 小测验', '2-1 Quiz'),
            type: 'exercises',
            questions: [
              {
                kind: 'single',
                stem: bi(
                  '订阅 home/+/temperature 能收到哪条消息？',
                  'Which topic does home/+/temperature match?',
                ),
                score: 5,
                options: [
                  option('home/kitchen/temperature', 'home/kitchen/temperature', true),
                  option('home/kitchen/floor1/temperature', 'home/kitchen/floor1/temperature'),
                  option('office/kitchen/temperature', 'office/kitchen/temperature'),
                ],
                analysis: bi('+ 只匹配一层。', '+ matches exactly one level.'),
              },
              {
                kind: 'multiple',
                stem: bi('下列哪些是传感器？', 'Which of these are sensors?'),
                score: 5,
                options: [
                  option('温度', 'Temperature', true),
                  option('光照', 'Light', true),
                  option('风扇', 'Fan'),
                  option('继电器', 'Relay'),
                ],
                analysis: bi('风扇和继电器是执行器。', 'The fan and the relay are actuators.'),
              },
              {
                kind: 'judgement',
                stem: bi('QoS 2 保证消息恰好送达一次。', 'QoS 2 delivers a message exactly once.'),
                score: 5,
                answer: true,
                analysis: bi('QoS 2 使用四次握手。', 'QoS 2 uses a four-step handshake.'),
              },
              {
                kind: 'fill',
                stem: bi(
                  'MQTT 中转发消息的服务器叫作什么？（英文）',
                  'What is the server that forwards MQTT messages called?',
                ),
                score: 5,
                answers: [bi('broker', 'broker')],
                analysis: bi(
                  '代理即 broker，例如 Mosquitto。',
                  'The broker, for example Mosquitto.',
                ),
              },
            ],
          },
          {
            name: bi('2-2 实训：订阅传感器数据', '2-2 Lab: subscribe to sensor data'),
            type: 'training',
            envCode: 'smart-home-combo',
            doc: {
              zh: demoDoc(
                { h: '实训步骤' },
                {
                  list: [
                    '启动实验，左侧面板显示温度、湿度和光照。',
                    '在终端中运行下方第一条命令，订阅全部设备消息。',
                    '在面板中打开风扇，观察终端收到的 set 命令。',
                  ],
                },
              ),
              en: demoDoc(
                { h: 'Steps' },
                {
                  list: [
                    'Start the lab: the panel shows temperature, humidity and light.',
                    'Run the first command below in the terminal to subscribe to every device.',
                    'Switch the fan on in the panel and watch the set command arrive in the terminal.',
                  ],
                },
              ),
            },
            commands: [
              {
                title: bi('订阅全部消息', 'Subscribe to everything'),
                command:
                  'mosquitto_sub -h 127.0.0.1 -u "$MQTT_USERNAME" -P "$MQTT_PASSWORD" -v -t "$MQTT_TOPIC_PREFIX/#"',
              },
              {
                title: bi('打开风扇', 'Switch the fan on'),
                command:
                  'mosquitto_pub -h 127.0.0.1 -u "$MQTT_USERNAME" -P "$MQTT_PASSWORD" -t "$MQTT_TOPIC_PREFIX/devices/fan/set" -m on',
              },
              {
                title: bi('用 Python 订阅', 'Subscribe with Python'),
                command: 'python3 subscribe.py',
              },
              {
                title: bi('保存三条遥测消息', 'Save three telemetry messages'),
                command:
                  'mosquitto_sub -h 127.0.0.1 -u "$MQTT_USERNAME" -P "$MQTT_PASSWORD" -v -t "$MQTT_TOPIC_PREFIX/devices/+/telemetry" -C 3 > telemetry.txt',
              },
            ],
            checks: [
              {
                key: 'fan-on',
                kind: 'device',
                title: bi('风扇已打开', 'The fan is switched on'),
                score: 4,
                hidden: false,
                device: 'fan',
                on: true,
                failMessage: bi(
                  '风扇还没有打开：在面板中或用命令打开它',
                  'The fan is not on yet: switch it on in the panel or with the command',
                ),
              },
              {
                key: 'telemetry-saved',
                kind: 'telemetry',
                title: bi('保存了三条遥测消息', 'Three telemetry messages saved'),
                score: 4,
                hidden: false,
                path: 'telemetry.txt',
                count: 3,
              },
              {
                key: 'script-kept',
                kind: 'file',
                title: bi('保留了订阅脚本', 'The subscribe script is kept'),
                score: 2,
                hidden: true,
                path: 'subscribe.py',
                contains: 'paho',
              },
            ],
          },
          {
            name: bi('2-3 实验报告', '2-3 Lab report'),
            type: 'report',
            doc: {
              zh: demoDoc({
                p: '记录你订阅到的三条遥测消息和风扇的 set 命令，并说明主题中每一层的含义。',
              }),
              en: demoDoc({
                p: 'Record three telemetry messages you received and the fan’s set command, and explain what each level of the topic means.',
              }),
            },
          },
        ],
      },
    ],
  },
  {
    name: bi('Python 数据分析', 'Python data analysis'),
    difficulty: 'easy',
    specialty: 'big-data',
    overview: bi(
      '在 Jupyter 中用 Python 读入、整理并汇总传感器数据。',
      'Read, tidy and summarise sensor data with Python in Jupyter.',
    ),
    description: {
      zh: demoDoc(
        { h: '课程简介' },
        {
          p: '在浏览器中的 Jupyter Notebook 里完成第一次数据分析：计算平均值、找出最大值并画出趋势。',
        },
      ),
      en: demoDoc(
        { h: 'About this course' },
        {
          p: 'Your first data analysis in a Jupyter notebook in the browser: averages, maxima and a trend.',
        },
      ),
    },
    cover: { file: 'python-cover.png', name: 'python-cover.png' },
    resources: [
      {
        file: 'living-room-sensors.csv',
        name: '练习数据：客厅传感器 - practice data, living room sensors.csv',
        contentType: csv,
      },
      ...reportTemplates,
    ],
    envCodes: ['python-jupyter'],
    selfStudy: true,
    chapters: [
      {
        name: bi('第1章 Notebook 入门', 'Chapter 1 Notebook basics'),
        steps: [
          {
            name: bi('1-1 什么是 Notebook', '1-1 What a notebook is'),
            type: 'document',
            doc: {
              zh: demoDoc(
                { h: 'Notebook' },
                {
                  p: 'Notebook 由单元格组成：代码单元格运行 Python，Markdown 单元格写说明。按 Shift+Enter 运行当前单元格。',
                },
                {
                  code: 'temperatures = [21.5, 22.0, 23.4]\nsum(temperatures) / len(temperatures)',
                },
              ),
              en: demoDoc(
                { h: 'Notebooks' },
                {
                  p: 'A notebook is made of cells: code cells run Python, Markdown cells hold notes. Shift+Enter runs the current cell.',
                },
                {
                  code: 'temperatures = [21.5, 22.0, 23.4]\nsum(temperatures) / len(temperatures)',
                },
              ),
            },
          },
          {
            name: bi('1-2 实训：第一次分析', '1-2 Lab: a first analysis'),
            type: 'training',
            envCode: 'python-jupyter',
            doc: {
              zh: demoDoc(
                { h: '实训步骤' },
                {
                  list: [
                    '启动实验，打开 hello.ipynb。',
                    '新建单元格，粘贴下方代码并运行。',
                    '修改数据，观察平均值和最大值的变化。',
                  ],
                },
              ),
              en: demoDoc(
                { h: 'Steps' },
                {
                  list: [
                    'Start the lab and open hello.ipynb.',
                    'Add a cell, paste the code below and run it.',
                    'Change the data and watch the mean and the maximum change.',
                  ],
                },
              ),
            },
            commands: [
              {
                title: bi('平均值与最大值', 'Mean and maximum'),
                command:
                  'readings = [21.5, 22.0, 23.4, 24.1, 22.8]\nprint("mean", sum(readings) / len(readings))\nprint("max", max(readings))',
              },
            ],
          },
          {
            name: bi('1-3 小测验', '1-3 Quiz'),
            type: 'question',
            questions: [
              {
                kind: 'single',
                stem: bi('哪个快捷键运行当前单元格？', 'Which keys run the current cell?'),
                score: 10,
                options: [
                  option('Shift+Enter', 'Shift+Enter', true),
                  option('Ctrl+S', 'Ctrl+S'),
                  option('Alt+Tab', 'Alt+Tab'),
                ],
                analysis: bi(
                  'Shift+Enter 运行并跳到下一个单元格。',
                  'Shift+Enter runs the cell and moves to the next one.',
                ),
              },
            ],
          },
        ],
      },
    ],
  },
];

/** The platform's own courses (no school): what the public site's course page shows. */
export const demoPlatformCourses: DemoCourse[] = [
  {
    name: bi('工业互联网平台入门', 'Industrial IoT basics'),
    difficulty: 'entry',
    specialty: 'industrial-iot',
    overview: bi(
      '从设备接入到数据看板：认识工业互联网平台的四层结构。',
      'From connecting devices to dashboards: the four layers of an industrial internet platform.',
    ),
    description: {
      zh: demoDoc(
        { h: '课程简介' },
        { p: '了解边缘层、平台层、应用层与安全体系，并用 MQTT 接入一台模拟设备。' },
      ),
      en: demoDoc(
        { h: 'About this course' },
        {
          p: 'Learn the edge, platform and application layers and the security around them, and connect a simulated device over MQTT.',
        },
      ),
    },
    cover: { file: 'industrial-cover.png', name: 'industrial-cover.png' },
    resources: [
      {
        file: 'platform-architecture.zh.pdf',
        name: '工业互联网平台架构概览.pdf',
        contentType: pdf,
      },
      {
        file: 'platform-architecture.en.pdf',
        name: 'Industrial internet platform architecture.pdf',
        contentType: pdf,
      },
      {
        file: 'line-telemetry.csv',
        name: '产线设备数据 - production line telemetry.csv',
        contentType: csv,
      },
    ],
    envCodes: [],
    selfStudy: false,
    chapters: [
      {
        name: bi('第1章 平台的结构', 'Chapter 1 How a platform is built'),
        steps: [
          {
            name: bi('1-1 四层结构', '1-1 Four layers'),
            type: 'document',
            doc: {
              zh: demoDoc({ p: '边缘层采集数据，平台层存储与分析，应用层服务于生产。' }),
              en: demoDoc({
                p: 'The edge collects data, the platform stores and analyses it, applications serve production.',
              }),
            },
          },
        ],
      },
      {
        name: bi('第2章 设备接入', 'Chapter 2 Connecting devices'),
        steps: [
          {
            name: bi('2-1 协议与网关', '2-1 Protocols and gateways'),
            type: 'pdf',
            file: { file: 'mqtt-topics.pdf', name: 'protocols.pdf' },
          },
        ],
      },
    ],
  },
];

/**
 * Checks the demo's lab steps had before, by step name: a stored step still holding them is
 * given the current ones (decision 0042: the fan's state and the saved telemetry were read from
 * places the student can write).
 */
export const retiredDemoChecks: ReadonlyMap<string, StepCheck[]> = new Map([
  [
    '2-2 实训：订阅传感器数据',
    [
      {
        key: 'fan-on',
        kind: 'mqtt',
        title: bi('风扇已打开', 'The fan is switched on'),
        score: 4,
        hidden: false,
        topic: 'devices/fan/state',
        contains: '"on":true',
        withinSeconds: 3600,
        failMessage: bi(
          '风扇还没有打开：在面板中或用命令打开它',
          'The fan is not on yet: switch it on in the panel or with the command',
        ),
      },
      {
        key: 'telemetry-saved',
        kind: 'script',
        title: bi('保存了三条遥测消息', 'Three telemetry messages saved'),
        score: 4,
        hidden: false,
        timeoutSeconds: 5,
        script:
          'n=$(grep -c "/telemetry" telemetry.txt 2>/dev/null || true)\nn=${n:-0}\nif [ "$n" -ge 3 ]; then echo "SCORE 4"; else echo "SCORE $n telemetry.txt holds $n of 3 messages"; fi',
      },
      {
        key: 'script-kept',
        kind: 'file',
        title: bi('保留了订阅脚本', 'The subscribe script is kept'),
        score: 2,
        hidden: true,
        path: 'subscribe.py',
        contains: 'paho',
      },
    ],
  ],
]);
