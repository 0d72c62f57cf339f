import type { Bilingual } from '@platform/contract';

/**
 * The demo's portal content as a school would see it on a real site: the products of the product
 * centre, and the career, programme and industry-case articles the home page's sections show.
 * Bodies are plain text: paragraphs apart by a blank line, `## ` a heading, lines of `- ` a list.
 */

export interface DemoArticle {
  title: Bilingual;
  summary: Bilingual;
  body: [zh: string, en: string];
  published: boolean;
}

export interface CatalogSeed {
  name: Bilingual;
  attributeCode?: string;
  template?: string;
  link?: string;
  description?: Bilingual;
  children?: CatalogSeed[];
  articles?: DemoArticle[];
}

export const article = (
  zh: string,
  en: string,
  summary: [string, string],
  body: [string, string],
): DemoArticle => ({
  title: { zh, en },
  summary: { zh: summary[0], en: summary[1] },
  body,
  published: true,
});

/** Catalogues of the section pages and the industry cases (decision 0028). */
export const sectionCatalogs: CatalogSeed[] = [
  {
    name: { zh: '实验组件', en: 'Experiment components' },
    attributeCode: 'experiment_component',
    template: '/home/device',
    description: { zh: '实训箱与传感器模块。', en: 'Training kits and sensor modules.' },
    articles: [
      article(
        '物联网实训箱',
        'IoT training kit',
        ['网关、传感器与执行器一体。', 'Gateway, sensors and actuators.'],
        [
          '实训箱集成网关、温湿度与光照传感器、继电器和 LED，配合 MQTT 实验使用。',
          'The kit brings a gateway, temperature, humidity and light sensors, a relay and LEDs for the MQTT labs.',
        ],
      ),
      article(
        '边缘计算网关',
        'Edge computing gateway',
        ['在现场处理数据。', 'Processing data on site.'],
        [
          '边缘网关在现场完成数据采集、协议转换与本地计算。',
          'The edge gateway collects data, converts protocols and computes on site.',
        ],
      ),
    ],
  },
  {
    name: { zh: '学科层次', en: 'Subject levels' },
    attributeCode: 'subject_level',
    template: '/home/competence',
    articles: [
      article(
        '高职物联网应用技术',
        'Vocational IoT application technology',
        ['能力矩阵与课程。', 'Skills and courses.'],
        [
          '从设备安装调试到平台应用开发，按能力等级组织实训课程。',
          'From installing devices to building platform applications, lab courses follow skill levels.',
        ],
      ),
    ],
  },
  {
    name: { zh: '行业案例', en: 'Industry cases' },
    attributeCode: 'industry_case',
    children: [
      {
        name: { zh: '智能制造', en: 'Smart manufacturing' },
        template: '/home/article',
        articles: [
          article(
            '产线设备数据采集',
            'Collecting data from a production line',
            ['从 PLC 到云平台。', 'From PLC to cloud.'],
            [
              '通过 OPC UA 与 MQTT 采集产线设备数据，并在平台上监控设备状态。',
              'Data from line equipment is collected over OPC UA and MQTT and monitored on the platform.',
            ],
          ),
          article(
            '设备预测性维护',
            'Predictive maintenance',
            ['振动数据与模型。', 'Vibration data and models.'],
            [
              '采集电机振动数据，训练模型预测故障。',
              'Motor vibration data trains a model that predicts failures.',
            ],
          ),
        ],
      },
      {
        name: { zh: '智慧农业', en: 'Smart agriculture' },
        template: '/home/article',
        articles: [
          article(
            '温室环境监测',
            'Greenhouse monitoring',
            ['温湿度与光照。', 'Temperature, humidity and light.'],
            [
              '温室中的传感器定时上报环境数据，超限时自动告警。',
              'Sensors in the greenhouse report the climate and raise alarms past their limits.',
            ],
          ),
        ],
      },
    ],
  },
];

/** Articles added to catalogues of the first demo content, by attribute code or template. */
export const sectionArticles: {
  attributeCode?: string;
  template?: string;
  articles: DemoArticle[];
}[] = [
  {
    attributeCode: 'speciality_construction',
    articles: [
      article(
        '物联网专业建设方案',
        'Building an IoT programme',
        ['课程体系与实训室。', 'Curriculum and labs.'],
        [
          '以岗位能力为导向设计课程体系，配套实训室与教学资源。',
          'A curriculum designed around job skills, with lab rooms and teaching resources.',
        ],
      ),
    ],
  },
  {
    attributeCode: 'career_planning',
    articles: [
      article(
        '物联网安装调试员',
        'IoT installer and commissioner',
        ['岗位与能力要求。', 'The job and its skills.'],
        [
          '了解岗位职责、能力要求与对应的实训任务。',
          'What the job involves, the skills it needs and the lab tasks that train them.',
        ],
      ),
    ],
  },
  {
    template: '/home/partner',
    articles: [
      article(
        '合作院校与企业',
        'Partner schools and companies',
        ['共建实训基地。', 'Building training bases together.'],
        [
          '与院校和企业共建实训基地，共同开发课程。',
          'Training bases and courses built together with schools and companies.',
        ],
      ),
    ],
  },
];

/** The product centre: every entry leads to the articles that describe the product. */
export const productCatalog: CatalogSeed = {
  name: { zh: '产品中心', en: 'Products' },
  attributeCode: 'navigate',
  children: [
    {
      name: { zh: '实训设备', en: 'Training devices' },
      description: {
        zh: '实训室里的硬件：从传感器到网关，与平台上的课程一一对应。',
        en: 'The hardware of a lab room, from sensors to gateways, matched to the platform’s courses.',
      },
      articles: [
        article(
          '实训设备一览',
          'Training devices at a glance',
          [
            '物联网实训箱与人工智能实训平台：各自适合哪些课程与实训室。',
            'The IoT training kit and the AI lab platform: which courses and lab rooms each suits.',
          ],
          [
            '实训设备让学生摸得到真实的硬件，而平台上的仿真让每个学生随时都能做实验。两者用同一套课程：先在仿真中理解原理，再到实物上完成安装与调试。\n\n## 物联网实训箱\n\n网关、传感器与执行器装在一只箱子里，适合物联网应用技术、智能家居与智能楼宇方向的课程，每两名学生一套。\n\n## 人工智能实训平台\n\n服务器上的 Jupyter 环境与 GPU 资源，适合数据分析、机器学习与计算机视觉课程，一个班的学生同时使用。\n\n## 如何选择\n\n- 以设备安装调试为主的专业：每两人一套实训箱，配合平台仿真\n- 以数据与算法为主的专业：人工智能实训平台，按课程分配资源\n- 两者兼有：先建设平台，再按班级规模补充实训箱',
            'Training devices let students touch real hardware, while the platform’s simulations let every student do a lab at any time. Both follow the same courses: understand the principle in the simulation, then install and commission the real thing.\n\n## IoT training kit\n\nA gateway, sensors and actuators in one case, for IoT application, smart home and smart building courses: one kit for two students.\n\n## AI lab platform\n\nJupyter environments and GPUs on the server, for data analysis, machine learning and computer vision courses: a whole class works at once.\n\n## Which to choose\n\n- Programmes about installing and commissioning devices: a kit for two students, with the platform’s simulations\n- Programmes about data and algorithms: the AI lab platform, resources per course\n- Both: the platform first, then kits to fit the classes',
          ],
        ),
      ],
      children: [
        {
          name: { zh: '物联网实训箱', en: 'IoT training kit' },
          template: '/home/device',
          description: {
            zh: '网关、传感器与执行器装在一只箱子里，配合平台上的 MQTT 实训课程使用。',
            en: 'A gateway, sensors and actuators in one case, made for the platform’s MQTT lab courses.',
          },
          articles: [
            article(
              '物联网实训箱：从传感器到平台的一整套实训设备',
              'The IoT training kit: a whole lab from sensor to platform',
              [
                '一只箱子里的网关、六类传感器与三类执行器，接上电源即可开始实训。',
                'A gateway, six kinds of sensor and three kinds of actuator in one case: plug it in and start.',
              ],
              [
                '物联网实训箱把一个小型物联网系统装进了一只箱子：边缘网关、传感器、执行器和电源都已接好线，学生不必焊接，也不必担心接错线烧坏器件。\n\n## 箱内有什么\n\n- 边缘网关：四核 ARM 处理器，Wi-Fi、以太网与 RS-485 接口，预装 MQTT 客户端\n- 传感器：温湿度、光照、烟雾、人体红外、门磁、电流\n- 执行器：继电器、排风扇、RGB 灯\n- 一块 7 寸触摸屏，显示设备状态与网络信息\n\n## 与平台配合\n\n网关连接平台的 MQTT 代理后，设备数据出现在课程的实验面板中，学生在浏览器里的终端订阅主题、下发命令，和在仿真环境里做的完全一样。没有实训箱的学生用平台的设备仿真完成同样的实验，老师批改时看到的是同一份报告。\n\n## 配套课程\n\n- MQTT 与传感器（16 学时）\n- 智能家居系统安装与调试（32 学时）\n- 物联网平台应用开发（48 学时）',
                'The IoT training kit puts a small IoT system in one case: the edge gateway, sensors, actuators and power are wired already, so students neither solder nor risk burning a part with a wrong wire.\n\n## What is in the case\n\n- Edge gateway: quad-core ARM, Wi-Fi, Ethernet and RS-485, an MQTT client installed\n- Sensors: temperature and humidity, light, smoke, passive infrared, door contact, current\n- Actuators: relay, exhaust fan, RGB lamp\n- A 7-inch touch screen showing the devices and the network\n\n## With the platform\n\nOnce the gateway is connected to the platform’s MQTT broker, its readings appear in the course’s lab panel; students subscribe to topics and send commands from the terminal in their browser, exactly as in the simulated lab. Students without a kit do the same lab on the platform’s device simulation, and the teacher marks the same report.\n\n## Courses that use it\n\n- MQTT and sensors (16 lessons)\n- Installing and commissioning a smart home (32 lessons)\n- Building applications on an IoT platform (48 lessons)',
              ],
            ),
            article(
              '物联网实训箱技术参数',
              'IoT training kit: specifications',
              ['尺寸、供电、接口与传感器量程。', 'Size, power, ports and sensor ranges.'],
              [
                '## 整机\n\n- 尺寸：460 × 330 × 160 mm，重量 6.5 kg\n- 供电：220 V 交流，内置 12 V / 5 A 电源，过流保护\n- 网络：千兆以太网、双频 Wi-Fi、RS-485 两路\n\n## 传感器量程\n\n- 温度 -20 至 80 °C（±0.5 °C），湿度 0 至 100 %RH（±3 %）\n- 光照 0 至 65535 lx\n- 烟雾 0 至 200 ppm\n- 电流 0 至 5 A\n\n## 软件\n\n网关运行 Linux，预装 Mosquitto 客户端、Python 3 与 Node.js，出厂即连接平台，学校也可以改连自己的 MQTT 代理。',
                '## The kit\n\n- Size: 460 × 330 × 160 mm, 6.5 kg\n- Power: 220 V AC, a built-in 12 V / 5 A supply with overcurrent protection\n- Network: gigabit Ethernet, dual-band Wi-Fi, two RS-485 ports\n\n## Sensor ranges\n\n- Temperature -20 to 80 °C (±0.5 °C), humidity 0 to 100 %RH (±3 %)\n- Light 0 to 65535 lx\n- Smoke 0 to 200 ppm\n- Current 0 to 5 A\n\n## Software\n\nThe gateway runs Linux with the Mosquitto clients, Python 3 and Node.js. It connects to the platform out of the box; a school may point it at its own MQTT broker instead.',
              ],
            ),
          ],
        },
        {
          name: { zh: '人工智能实训平台', en: 'AI lab platform' },
          template: '/home/course',
          description: {
            zh: '在浏览器里完成数据整理、模型训练与部署，每个学生一套独立的 Jupyter 环境。',
            en: 'Prepare data, train and deploy models in the browser, with a Jupyter environment for every student.',
          },
          articles: [
            article(
              '人工智能实训平台：每个学生一套自己的 Jupyter',
              'The AI lab platform: a Jupyter of their own for every student',
              [
                '按课程分配 CPU、内存与 GPU，学生在浏览器里完成从数据到模型的全过程。',
                'CPU, memory and GPUs per course; students go from data to model in the browser.',
              ],
              [
                '人工智能课程最难的往往不是算法，而是环境：每台电脑装的 Python 版本不同，显卡驱动各不相同，一节课的前二十分钟常常用在排查安装问题上。人工智能实训平台把环境放到服务器上，学生打开浏览器就能进入自己的 Jupyter Notebook。\n\n## 主要功能\n\n- 每个学生独立的 Jupyter 环境，文件保存在自己的空间里，下次打开接着做\n- 老师按课程设定可申请的 CPU、内存、磁盘与 GPU 上限\n- 课程中的代码可以一键发送到学生的 Notebook\n- 实验数据集随课程分发，学生无需自行下载\n\n## 适合的课程\n\n- Python 数据分析\n- 机器学习基础\n- 计算机视觉与深度学习\n- 工业数据分析',
                'The hardest part of an AI course is often not the algorithm but the environment: every computer has a different Python and a different graphics driver, and the first twenty minutes of a lesson go to installation problems. The AI lab platform puts the environment on the server: students open a browser and are in their own Jupyter notebook.\n\n## What it does\n\n- A Jupyter environment of their own for every student, files kept in their space for next time\n- Teachers set the CPU, memory, disk and GPU a course may ask for\n- Code in a course goes to the student’s notebook with one click\n- Data sets come with the course; nobody downloads them by hand\n\n## Courses it suits\n\n- Python data analysis\n- Machine learning basics\n- Computer vision and deep learning\n- Industrial data analysis',
              ],
            ),
          ],
        },
      ],
    },
    {
      name: { zh: '软件平台', en: 'Software platforms' },
      description: {
        zh: '部署在学校或云上的平台软件，学生用浏览器即可进入实验。',
        en: 'Platform software on the school’s servers or in the cloud; students reach their labs from a browser.',
      },
      articles: [
        article(
          '软件平台一览',
          'Software platforms at a glance',
          [
            '实训教学平台与工业互联网实训平台的分工与部署方式。',
            'What the lab teaching platform and the industrial internet lab platform each do, and how they are deployed.',
          ],
          [
            '两套平台共用账号、课程与实验环境：实训教学平台负责教与学，工业互联网实训平台提供仿真产线与平台应用开发环境。\n\n## 部署方式\n\n- 校内部署：实验环境运行在学校的服务器上，不依赖外网\n- 云上服务：无需机房，按实验用量计费\n\n## 对接\n\n- 统一身份：学校已有的账号体系可以对接\n- 数据导出：成绩与学情数据可导出为 Excel',
            'Both platforms share accounts, courses and lab environments: the lab teaching platform runs teaching and learning, the industrial internet lab platform brings a simulated production line and an environment for platform applications.\n\n## Deployment\n\n- On the school’s servers: labs run on site, with no need for the internet\n- As a cloud service: no server room, charged by lab use\n\n## Integration\n\n- Single sign-on with the school’s own accounts\n- Marks and learning data exported to Excel',
          ],
        ),
      ],
      children: [
        {
          name: { zh: '实训教学平台', en: 'Lab teaching platform' },
          template: '/home/article',
          description: {
            zh: '课程、实验环境、教学任务与实验报告在同一个平台上。',
            en: 'Courses, lab environments, teaching tasks and lab reports on one platform.',
          },
          articles: [
            article(
              '实训教学平台：课程、实验与批改在一处完成',
              'The lab teaching platform: courses, labs and marking in one place',
              [
                '老师发布任务，学生在线实验并提交报告，成绩自动汇总。',
                'Teachers issue tasks, students do the labs online and hand in reports, and the marks add up by themselves.',
              ],
              [
                '实训教学平台面向职业院校与本科院校的物联网、人工智能、大数据与工业互联网专业，把课程、实验环境、教学任务和实验报告放在同一个平台上。\n\n## 老师\n\n- 用平台课程或自建课程组织教学，章节里可以放文档、视频、PDF、测验和实训步骤\n- 按班级发布实训任务或考试，设置开始与结束时间\n- 实训步骤可以配置自动检查，学生提交后立即得到结果\n- 批改实验报告，成绩自动汇总，可导出\n\n## 学生\n\n- 课程大厅里自主学习，学习进度自动保存\n- 在浏览器中使用终端、Jupyter 与设备仿真，无需安装任何软件\n- 在线撰写实验报告，随时保存草稿\n\n## 学校\n\n- 按学校管理账号、班级与教师\n- 实验资源按用量计费，余额与用量一目了然',
                'The lab teaching platform serves IoT, AI, big data and industrial internet programmes at vocational schools and universities, with courses, lab environments, teaching tasks and lab reports on one platform.\n\n## For teachers\n\n- Teach with the platform’s courses or your own, whose chapters hold documents, videos, PDFs, quizzes and lab steps\n- Issue lab tasks or exams to a class, with a start and an end\n- Give lab steps automatic checks: students get the result as soon as they submit\n- Mark lab reports; marks add up by themselves and can be exported\n\n## For students\n\n- Study on your own in the course hall; your progress is kept\n- Use terminals, Jupyter and device simulations in the browser, with nothing to install\n- Write lab reports online, with drafts kept as you go\n\n## For schools\n\n- Manage accounts, classes and teachers per school\n- Lab resources are charged by use, with the balance and the use in plain view',
              ],
            ),
          ],
        },
        {
          name: { zh: '工业互联网实训平台', en: 'Industrial internet lab platform' },
          template: '/home/article',
          description: {
            zh: '设备接入、数据建模、规则告警与可视化看板的完整实训链路。',
            en: 'The whole chain to practise: connecting devices, modelling data, alarm rules and dashboards.',
          },
          articles: [
            article(
              '工业互联网实训平台：把一条产线搬进实训室',
              'The industrial internet lab platform: a production line in the lab room',
              [
                '用仿真产线练习设备接入、数据建模、告警与看板。',
                'Practise connecting devices, modelling data, alarms and dashboards on a simulated line.',
              ],
              [
                '工业互联网人才要会的不是某一个软件，而是一条完整的链路：把设备接上来，把数据理清楚，把异常找出来，把结果给人看。工业互联网实训平台提供一条仿真产线，三台数控机床持续上报主轴转速、振动与温度，学生在平台上完成整条链路。\n\n## 实训内容\n\n- 设备接入：用 MQTT 与 OPC UA 接入仿真机床\n- 数据建模：为设备定义属性、遥测与命令\n- 规则告警：振动超过阈值时告警并通知\n- 可视化：搭建设备状态与产量看板\n\n## 配套资源\n\n课程“工业互联网平台入门”提供平台架构概览、产线设备数据集与分步实训指导，适合 32 学时的专业课。',
                'Industrial internet work is not one piece of software but a whole chain: connect the devices, make sense of the data, find what is wrong, and show it to people. The industrial internet lab platform gives students a simulated production line, three CNC machines reporting spindle speed, vibration and temperature, and the whole chain to build on it.\n\n## What students practise\n\n- Connecting devices: the simulated machines over MQTT and OPC UA\n- Modelling data: attributes, telemetry and commands of a device\n- Alarm rules: an alarm and a notice when vibration passes its limit\n- Visualisation: a dashboard of the machines’ state and output\n\n## Resources\n\nThe course Industrial IoT basics comes with an overview of the platform’s architecture, a data set from the line and step-by-step lab guides, for a 32-lesson course.',
              ],
            ),
          ],
        },
      ],
    },
  ],
};

/** Articles the home page's career section shows (the career-planning catalogue). */
export const careerArticles: DemoArticle[] = [
  article(
    '物联网系统运维工程师',
    'IoT system operations engineer',
    [
      '保障物联网系统稳定运行：设备巡检、网络排障与平台监控。',
      'Keeping IoT systems running: device checks, network faults and platform monitoring.',
    ],
    [
      '物联网系统运维工程师负责已上线的物联网系统：设备是否在线、数据是否按时上报、平台是否正常告警，出了问题要能快速定位是设备、网络还是平台的原因。\n\n## 岗位职责\n\n- 巡检现场设备与网关，处理离线与数据异常\n- 维护 MQTT 代理、数据库与平台服务\n- 配置监控与告警，编写故障处理记录\n\n## 能力要求\n\n- 熟悉 Linux 常用命令与日志排查\n- 理解 MQTT、HTTP、Modbus 等常用协议\n- 能读懂设备数据，判断传感器是否失准\n\n## 对应实训\n\nLinux 终端实验、MQTT 与传感器课程的订阅与排障练习、设备仿真中的故障注入实验。',
      'An IoT operations engineer looks after IoT systems in service: are the devices online, does the data arrive on time, does the platform raise its alarms, and when something breaks, is it the device, the network or the platform?\n\n## What the job involves\n\n- Checking devices and gateways on site, dealing with devices offline and odd data\n- Keeping the MQTT broker, databases and platform services running\n- Setting up monitoring and alarms, writing up incidents\n\n## Skills\n\n- Everyday Linux commands and reading logs\n- MQTT, HTTP, Modbus and the other common protocols\n- Reading device data well enough to tell when a sensor is off\n\n## Labs that train it\n\nThe Linux terminal lab, the subscribing and troubleshooting exercises of MQTT and sensors, and the fault-injection labs on the device simulation.',
    ],
  ),
  article(
    '嵌入式与边缘计算开发工程师',
    'Embedded and edge developer',
    [
      '为网关与终端设备编写程序，在现场完成数据处理。',
      'Writing the software of gateways and devices, processing data on site.',
    ],
    [
      '越来越多的数据在设备旁边就被处理掉：网关先过滤、汇总，再把有用的结果送到平台。嵌入式与边缘计算开发工程师编写的正是这部分程序。\n\n## 岗位职责\n\n- 开发传感器驱动与网关上的数据采集程序\n- 实现协议转换，把现场总线数据转为 MQTT 消息\n- 在网关上部署规则与轻量模型\n\n## 能力要求\n\n- C 或 Python 编程，理解串口、I2C 与 RS-485\n- 熟悉 MQTT 主题设计与消息格式\n- 了解容器与边缘计算框架\n\n## 对应实训\n\n嵌入式仿真实验、物联网实训箱的网关编程、MQTT 与传感器课程的发布练习。',
      'More and more data is handled next to the device: the gateway filters and sums it up, then sends what matters to the platform. Embedded and edge developers write that software.\n\n## What the job involves\n\n- Writing sensor drivers and the data collection on gateways\n- Converting protocols: fieldbus data into MQTT messages\n- Deploying rules and small models on gateways\n\n## Skills\n\n- C or Python; serial, I2C and RS-485\n- MQTT topic design and message formats\n- Containers and edge computing frameworks\n\n## Labs that train it\n\nThe embedded simulation labs, programming the training kit’s gateway, and the publishing exercises of MQTT and sensors.',
    ],
  ),
  article(
    '工业数据分析员',
    'Industrial data analyst',
    [
      '从产线数据中找出异常与改进空间，为生产决策提供依据。',
      'Finding faults and room to improve in production data, for decisions on the line.',
    ],
    [
      '产线每天产生大量的转速、温度、振动与产量数据。工业数据分析员把这些数据整理干净，找出设备异常的征兆与影响产量的原因，再用图表讲给车间听。\n\n## 岗位职责\n\n- 采集与清洗设备数据，建立数据集\n- 分析设备状态，建立预测性维护模型\n- 制作生产看板与分析报告\n\n## 能力要求\n\n- Python 与 pandas，基本的统计知识\n- 理解常见设备的工作原理与数据含义\n- 能把分析结论写成车间看得懂的报告\n\n## 对应实训\n\nPython 数据分析课程、工业互联网平台入门的产线数据集、Jupyter 环境中的预测性维护实验。',
      'A production line produces speeds, temperatures, vibrations and output every day. An industrial data analyst cleans that data, finds the early signs of failing equipment and the causes of lost output, and explains them to the shop floor with charts.\n\n## What the job involves\n\n- Collecting and cleaning equipment data into data sets\n- Analysing machine condition and building predictive maintenance models\n- Making production dashboards and reports\n\n## Skills\n\n- Python and pandas, basic statistics\n- How common machines work and what their data means\n- Writing conclusions the shop floor can act on\n\n## Labs that train it\n\nThe Python data analysis course, the production line data set of Industrial IoT basics, and the predictive maintenance lab in Jupyter.',
    ],
  ),
];

/** Articles the home page's programme section shows (the speciality-construction catalogue). */
export const programArticles: DemoArticle[] = [
  article(
    '人工智能技术应用专业建设方案',
    'Building an AI application programme',
    [
      '面向数据标注、模型训练与应用部署岗位的课程体系与实训室配置。',
      'A curriculum and lab rooms for data labelling, model training and deployment jobs.',
    ],
    [
      '人工智能技术应用专业培养能把模型用起来的技术人员：整理数据、训练与评估模型、把模型部署到设备与业务系统中。\n\n## 课程体系\n\n- 专业基础：Python 程序设计、数据分析、线性代数与概率\n- 专业核心：机器学习、计算机视觉、自然语言处理、模型部署\n- 综合实训：智能质检、智能问答两个项目贯穿第五学期\n\n## 实训条件\n\n- 人工智能实训平台：每生一套 Jupyter 环境，GPU 按课程分配\n- 数据标注实训室：40 个工位\n- 边缘计算实训箱：用于模型在设备上的部署\n\n## 建设周期\n\n第一年完成平台与核心课程建设，第二年完成综合实训项目与校企合作课程。',
      'An AI application programme trains people who put models to work: preparing data, training and evaluating models, deploying them to devices and business systems.\n\n## Curriculum\n\n- Foundations: Python programming, data analysis, linear algebra and probability\n- Core: machine learning, computer vision, natural language processing, deploying models\n- Projects: visual quality inspection and a question-answering assistant across the fifth term\n\n## Labs\n\n- The AI lab platform: a Jupyter environment for every student, GPUs per course\n- A data labelling lab room with 40 seats\n- Edge computing kits for deploying models on devices\n\n## Timeline\n\nThe platform and core courses in the first year; the projects and the courses built with companies in the second.',
    ],
  ),
  article(
    '工业互联网技术专业建设方案',
    'Building an industrial internet programme',
    [
      '围绕设备接入、平台应用与数据分析三个方向组织课程。',
      'Courses in three directions: connecting devices, platform applications and data analysis.',
    ],
    [
      '工业互联网技术专业面向制造企业的数字化岗位：设备联网、平台应用开发与工业数据分析。\n\n## 课程体系\n\n- 专业基础：电工电子、PLC 控制、计算机网络、Python\n- 专业核心：工业网络与协议、工业互联网平台应用、工业数据采集与分析\n- 综合实训：仿真产线的接入、监控与预测性维护\n\n## 实训条件\n\n- 工业互联网实训平台与仿真产线\n- PLC 与工业网关实训台 20 套\n- 校企共建的智能制造实训中心\n\n## 课程资源\n\n平台提供“工业互联网平台入门”等课程及配套的数据集与实训指导，学校可在其上补充自己的内容。',
      'An industrial internet programme prepares for the digital jobs of manufacturers: connecting equipment, building platform applications and analysing industrial data.\n\n## Curriculum\n\n- Foundations: electrical and electronic engineering, PLC control, networks, Python\n- Core: industrial networks and protocols, industrial internet platform applications, industrial data collection and analysis\n- Projects: connecting, monitoring and maintaining a simulated production line\n\n## Labs\n\n- The industrial internet lab platform and its simulated line\n- 20 PLC and industrial gateway benches\n- A smart manufacturing centre built with a partner company\n\n## Course resources\n\nThe platform offers Industrial IoT basics and other courses with their data sets and lab guides; schools add their own content on top.',
    ],
  ),
  article(
    '实训室建设指南',
    'Setting up a lab room',
    [
      '从工位布局、网络到设备管理，一间物联网实训室的建设要点。',
      'Seats, network and equipment: what an IoT lab room needs.',
    ],
    [
      '一间好用的实训室，关键不在设备多贵，而在学生能不能在一节课里把实验做完。\n\n## 工位与设备\n\n- 每两人一个工位，一台电脑、一只物联网实训箱\n- 教师机与投影，可广播学生屏幕\n\n## 网络\n\n- 实训箱与电脑在同一网段，实训箱可访问平台的 MQTT 代理\n- 平台部署在校内服务器时，实验环境不依赖外网\n\n## 管理\n\n- 设备编号与学生账号对应，便于追溯\n- 每学期初用平台的设备仿真先完成一轮实验，再上实物设备',
      'A good lab room is not about expensive equipment but about whether students can finish the lab in one lesson.\n\n## Seats and equipment\n\n- One seat for two students, with a computer and an IoT training kit\n- A teacher’s computer and projector that can show any student’s screen\n\n## Network\n\n- Kits and computers on the same subnet, kits able to reach the platform’s MQTT broker\n- With the platform on the school’s own server, labs do not depend on the internet\n\n## Running it\n\n- Kit numbers matched to student accounts, so problems can be traced\n- At the start of each term, a round of labs on the platform’s device simulation before the real kits',
    ],
  ),
];

/** More industry cases for the home page's industrial section. */
export const caseArticles: { catalog: Bilingual; articles: DemoArticle[] }[] = [
  {
    catalog: { zh: '智能制造', en: 'Smart manufacturing' },
    articles: [
      article(
        '产线能耗监测：一年节电 12%',
        'Energy monitoring on a line: 12% less power in a year',
        [
          '为 40 台设备加装电流传感器，找出空转与峰值用电。',
          'Current sensors on 40 machines showed idling and peak use.',
        ],
        [
          '某零部件工厂为 40 台机床加装电流传感器，通过网关每 10 秒上报一次电流与功率。数据接入平台一个月后，工程师发现夜班有 9 台机床长时间空转，午间多台设备同时启动造成用电峰值。\n\n## 做了什么\n\n- 空转超过 15 分钟自动提醒班组长\n- 错峰启动大功率设备\n- 每周生成各产线能耗报表\n\n## 结果\n\n一年内总用电下降 12%，峰值需量下降 18%。这套方法也成了学校工业互联网课程的实训案例：学生用平台上的产线数据集复现了空转分析。',
          'A parts factory fitted current sensors to 40 machine tools; a gateway reported current and power every 10 seconds. A month after the data reached the platform, engineers found 9 machines idling for hours on the night shift, and several large machines starting together at noon, making a power peak.\n\n## What they did\n\n- A notice to the shift leader when a machine idles for over 15 minutes\n- Staggered starts of high-power machines\n- A weekly energy report per line\n\n## Results\n\nPower use fell 12% within a year and peak demand 18%. The method became a lab case of the school’s industrial internet course: students repeat the idling analysis on the platform’s production line data set.',
        ],
      ),
    ],
  },
  {
    catalog: { zh: '智慧农业', en: 'Smart agriculture' },
    articles: [
      article(
        '水肥一体化灌溉控制',
        'Automatic irrigation and fertilising',
        [
          '土壤湿度与天气预报共同决定何时灌溉、灌多少。',
          'Soil moisture and the forecast decide when and how much to water.',
        ],
        [
          '蔬菜基地的 12 个大棚各装有土壤湿度、电导率与温度传感器，网关把数据送到平台。平台结合天气预报计算每个大棚的需水量，自动打开对应的电磁阀。\n\n## 系统组成\n\n- 传感器：土壤湿度、电导率、空气温湿度\n- 执行器：电磁阀、施肥泵\n- 平台：规则引擎按湿度阈值与预报降雨决定灌溉\n\n## 效果\n\n用水减少约 30%，人工巡棚从每天两次减少到每周两次。学生在设备仿真中可以用同样的传感器与继电器搭建一个小型灌溉系统。',
          'Each of a vegetable farm’s 12 greenhouses has soil moisture, conductivity and temperature sensors; a gateway sends their data to the platform, which works out each greenhouse’s water needs with the weather forecast and opens its valve.\n\n## The system\n\n- Sensors: soil moisture, conductivity, air temperature and humidity\n- Actuators: solenoid valves, a fertiliser pump\n- Platform: a rule engine weighs moisture limits against forecast rain\n\n## Results\n\nAbout 30% less water, and walks through the greenhouses down from twice a day to twice a week. Students build a small irrigation system with the same sensors and relays in the device simulation.',
        ],
      ),
    ],
  },
  {
    catalog: { zh: '智慧楼宇', en: 'Smart buildings' },
    articles: [
      article(
        '教学楼照明与空调联动',
        'Lighting and air conditioning that follow the timetable',
        [
          '按课表与人体感应控制教室的灯和空调。',
          'Classroom lights and air conditioning by timetable and presence.',
        ],
        [
          '一栋有 60 间教室的教学楼，每间装有人体红外、光照与温度传感器。平台读取课表：有课前 10 分钟打开空调，无人 15 分钟后关灯关空调，光照充足时只开靠走廊一侧的灯。\n\n## 学生能学到什么\n\n- 传感器数据与业务数据（课表）的结合\n- 规则的设计与冲突处理\n- 节能效果的统计与展示\n\n这个案例对应 MQTT 与传感器课程中的光照与继电器实验。',
          'A teaching building with 60 classrooms has presence, light and temperature sensors in each. The platform reads the timetable: air conditioning goes on 10 minutes before a lesson, lights and air conditioning go off after 15 minutes without anyone, and on bright days only the lights on the corridor side come on.\n\n## What students learn\n\n- Combining sensor data with business data (the timetable)\n- Designing rules and settling their conflicts\n- Measuring and showing the energy saved\n\nThe case goes with the light and relay labs of MQTT and sensors.',
        ],
      ),
    ],
  },
];

/** The pictures of the demo's articles (files of the demo media), by Chinese title. */
export const articleCovers: Record<string, string> = {
  实训设备一览: 'portal-devices.png',
  '物联网实训箱：从传感器到平台的一整套实训设备': 'portal-kit.png',
  物联网实训箱技术参数: 'portal-kit-specs.png',
  '人工智能实训平台：每个学生一套自己的 Jupyter': 'portal-ai.png',
  软件平台一览: 'portal-platforms.png',
  '实训教学平台：课程、实验与批改在一处完成': 'portal-teaching.png',
  '工业互联网实训平台：把一条产线搬进实训室': 'portal-industrial.png',
  '产线能耗监测：一年节电 12%': 'portal-energy.png',
  产线设备数据采集: 'portal-line-data.png',
  设备预测性维护: 'portal-maintenance.png',
  水肥一体化灌溉控制: 'portal-irrigation.png',
  温室环境监测: 'portal-greenhouse.png',
  教学楼照明与空调联动: 'portal-building.png',
  物联网系统运维工程师: 'portal-ops.png',
  嵌入式与边缘计算开发工程师: 'portal-edge.png',
  工业数据分析员: 'portal-analyst.png',
  物联网安装调试员: 'portal-installer.png',
  人工智能技术应用专业建设方案: 'portal-ai-programme.png',
  工业互联网技术专业建设方案: 'portal-ii-programme.png',
  实训室建设指南: 'portal-lab-room.png',
  物联网专业建设方案: 'portal-iot-programme.png',
};
