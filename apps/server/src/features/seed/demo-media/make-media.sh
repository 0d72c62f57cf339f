#!/usr/bin/env bash
# Rebuilds the demo course files in this folder: covers (PNG), a short video (WebM), PDFs, and
# the courses' resources (lab guides, report templates, data sets). Needs Debian's ffmpeg,
# chromium and fonts-noto-cjk.
set -euo pipefail
cd "$(dirname "$0")"
font=/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc

cover() { # file, colour, line 1, line 2
  ffmpeg -loglevel error -y -f lavfi -i "color=c=$2:s=640x360" -frames:v 1 \
    -vf "drawtext=fontfile=$font:text='$3':fontsize=54:fontcolor=white:x=(w-tw)/2:y=120,drawtext=fontfile=$font:text='$4':fontsize=34:fontcolor=white@0.85:x=(w-tw)/2:y=210" \
    "$1"
}
cover mqtt-cover.png 0x1f6feb 'MQTT 与传感器' 'MQTT and sensors'
cover python-cover.png 0x2f855a 'Python 数据分析' 'Python data analysis'
cover industrial-cover.png 0xb45309 '工业互联网平台入门' 'Industrial IoT basics'

# Pictures of the portal's articles: smaller, a short name in each language.
card() { # file, colour, line 1, line 2
  ffmpeg -loglevel error -y -f lavfi -i "color=c=$2:s=480x270" -frames:v 1 \
    -vf "drawtext=fontfile=$font:text='$3':fontsize=36:fontcolor=white:x=(w-tw)/2:y=90,drawtext=fontfile=$font:text='$4':fontsize=22:fontcolor=white@0.85:x=(w-tw)/2:y=155" \
    "$1"
}
card portal-devices.png 0x1f6feb '实训设备一览' 'Training devices'
card portal-kit.png 0x1f6feb '物联网实训箱' 'IoT training kit'
card portal-kit-specs.png 0x1d4ed8 '实训箱技术参数' 'Kit specifications'
card portal-ai.png 0x6d28d9 '人工智能实训平台' 'AI lab platform'
card portal-platforms.png 0x0f766e '软件平台一览' 'Software platforms'
card portal-teaching.png 0x0f766e '实训教学平台' 'Lab teaching platform'
card portal-industrial.png 0xb45309 '工业互联网实训平台' 'Industrial internet lab platform'
card portal-energy.png 0x9a3412 '产线能耗监测' 'Energy monitoring'
card portal-line-data.png 0x9a3412 '产线设备数据采集' 'Production line data'
card portal-maintenance.png 0x9a3412 '预测性维护' 'Predictive maintenance'
card portal-irrigation.png 0x3f6212 '水肥一体化' 'Irrigation and fertilising'
card portal-greenhouse.png 0x3f6212 '温室环境监测' 'Greenhouse monitoring'
card portal-building.png 0x1e40af '照明与空调联动' 'Lights and air conditioning'
card portal-ops.png 0x0e7490 '系统运维工程师' 'Operations engineer'
card portal-edge.png 0x0e7490 '边缘计算开发' 'Edge developer'
card portal-analyst.png 0x0e7490 '工业数据分析员' 'Industrial data analyst'
card portal-installer.png 0x0e7490 '安装调试员' 'Installer and commissioner'
card portal-ai-programme.png 0x7c2d12 '人工智能技术应用' 'AI application programme'
card portal-ii-programme.png 0x7c2d12 '工业互联网技术' 'Industrial internet programme'
card portal-lab-room.png 0x7c2d12 '实训室建设' 'Setting up a lab room'
card portal-iot-programme.png 0x7c2d12 '物联网专业建设' 'IoT programme'

# Six scenes of five seconds: a message travels from a sensor through the broker to a subscriber.
scene() { # start, zh, en
  echo "drawtext=fontfile=$font:text='$2':fontsize=30:fontcolor=white:x=(w-tw)/2:y=130:enable='between(t,$1,$1+5)',drawtext=fontfile=$font:text='$3':fontsize=22:fontcolor=white@0.85:x=(w-tw)/2:y=190:enable='between(t,$1,$1+5)'"
}
filters=$(
  IFS=,
  echo "$(scene 0 '一条 MQTT 消息的旅程' 'The journey of an MQTT message'),$(scene 5 '1. 传感器测得 23.4 °C' '1. A sensor reads 23.4 °C'),$(scene 10 '2. 发布到 home/livingroom/temperature' '2. It publishes to home/livingroom/temperature'),$(scene 15 '3. 代理 broker 收到消息' '3. The broker receives the message'),$(scene 20 '4. 转发给每个订阅者' '4. It forwards it to every subscriber'),$(scene 25 '5. 面板显示新的温度' '5. The dashboard shows the new reading')"
)
ffmpeg -loglevel error -y -f lavfi -i "color=c=0x0b3d91:s=640x360:r=10:d=30" \
  -vf "$filters,drawtext=fontfile=$font:text='%{eif\:t\:d} s':fontsize=20:fontcolor=white@0.7:x=w-tw-16:y=h-th-12" \
  -c:v libvpx-vp9 -b:v 60k -deadline good -an mqtt-intro.webm

cat > /tmp/mqtt-topics.html <<'HTML'
<!doctype html><meta charset="utf-8"><title>MQTT topics</title>
<style>body{font-family:"Noto Sans CJK SC",sans-serif;margin:40px}h1{color:#1f6feb}td,th{border:1px solid #999;padding:6px 10px}table{border-collapse:collapse}code{background:#eef}</style>
<h1>MQTT 主题速查表 / MQTT topic cheat sheet</h1>
<p>主题用 / 分层。/ Topics are levels separated by /.</p>
<table><tr><th>写法 / Pattern</th><th>含义 / Meaning</th><th>例子 / Example</th></tr>
<tr><td><code>home/livingroom/temperature</code></td><td>一个确定的主题 / One topic</td><td>23.4</td></tr>
<tr><td><code>home/+/temperature</code></td><td>+ 匹配一层 / + matches one level</td><td>home/kitchen/temperature</td></tr>
<tr><td><code>home/#</code></td><td># 匹配其后所有层 / # matches every level after it</td><td>home/kitchen/fan/set</td></tr></table>
<h2>服务质量 / Quality of service</h2>
<ul><li>QoS 0：至多一次 / at most once</li><li>QoS 1：至少一次 / at least once</li><li>QoS 2：恰好一次 / exactly once</li></ul>
<h2>命令 / Commands</h2>
<p><code>mosquitto_sub -v -t "$MQTT_TOPIC_PREFIX/#"</code></p>
<p><code>mosquitto_pub -t "$MQTT_TOPIC_PREFIX/devices/fan/set" -m on</code></p>
HTML
chromium --headless --no-sandbox --disable-gpu --no-pdf-header-footer \
  --print-to-pdf="$PWD/mqtt-topics.pdf" /tmp/mqtt-topics.html 2>/dev/null

# Course resources ---------------------------------------------------------------------------

pdf() { # file, html
  printf '%s' "$2" > /tmp/demo-resource.html
  chromium --headless --no-sandbox --disable-gpu --no-pdf-header-footer \
    --print-to-pdf="$PWD/$1" /tmp/demo-resource.html 2>/dev/null
}
style='<style>body{font-family:"Noto Sans CJK SC",sans-serif;margin:40px;line-height:1.6}h1{color:#1f6feb}h2{margin-top:28px}td,th{border:1px solid #999;padding:6px 10px}table{border-collapse:collapse}code,pre{background:#eef;padding:2px 4px}</style>'

pdf mqtt-lab-guide.zh.pdf "<!doctype html><meta charset=utf-8><title>MQTT 实验指导书</title>$style
<h1>MQTT 与传感器 实验指导书</h1>
<p>本指导书配合课程“MQTT 与传感器”的实训步骤使用，约需 2 学时。</p>
<h2>一、实验目的</h2><ul><li>理解发布/订阅模型与主题层级。</li><li>会用 mosquitto_sub 与 mosquitto_pub 收发消息。</li><li>能从遥测数据中读出温度、湿度与光照。</li></ul>
<h2>二、实验环境</h2><p>智能家居综合实验：左侧为设备仿真面板，右侧为终端。终端已设置 MQTT_USERNAME、MQTT_PASSWORD 与 MQTT_TOPIC_PREFIX。</p>
<h2>三、实验步骤</h2><ol><li>启动实验，观察面板上温度、湿度和光照的变化。</li><li>在终端运行 <code>mosquitto_sub -v -t \"\$MQTT_TOPIC_PREFIX/#\"</code>，记录三条遥测消息。</li><li>在面板中打开风扇，找到终端中收到的 set 命令，写出它的主题与负载。</li><li>用 mosquitto_pub 向风扇发送 {\"on\":false}，观察面板的变化。</li></ol>
<h2>四、思考题</h2><ol><li>+ 与 # 两种通配符有什么区别？</li><li>为什么设备状态要用保留消息发布？</li></ol>
<h2>五、评分要点</h2><table><tr><th>项目</th><th>分值</th></tr><tr><td>订阅并记录遥测</td><td>40</td></tr><tr><td>控制风扇并说明主题</td><td>40</td></tr><tr><td>思考题</td><td>20</td></tr></table>"

pdf mqtt-lab-guide.en.pdf "<!doctype html><meta charset=utf-8><title>MQTT lab guide</title>$style
<h1>MQTT and sensors: lab guide</h1>
<p>This guide goes with the lab steps of the course MQTT and sensors and takes about two lessons.</p>
<h2>1. Goals</h2><ul><li>Understand publish/subscribe and topic levels.</li><li>Send and receive messages with mosquitto_sub and mosquitto_pub.</li><li>Read temperature, humidity and light from telemetry.</li></ul>
<h2>2. The lab</h2><p>The smart home combination lab: the device panel on the left, a terminal on the right. The terminal has MQTT_USERNAME, MQTT_PASSWORD and MQTT_TOPIC_PREFIX set.</p>
<h2>3. Steps</h2><ol><li>Start the lab and watch temperature, humidity and light change on the panel.</li><li>Run <code>mosquitto_sub -v -t \"\$MQTT_TOPIC_PREFIX/#\"</code> in the terminal and note three telemetry messages.</li><li>Switch the fan on in the panel, find the set command in the terminal, and write down its topic and payload.</li><li>Send {\"on\":false} to the fan with mosquitto_pub and watch the panel.</li></ol>
<h2>4. Questions</h2><ol><li>How do the wildcards + and # differ?</li><li>Why is a device's state published as a retained message?</li></ol>
<h2>5. Marking</h2><table><tr><th>Part</th><th>Points</th></tr><tr><td>Subscribing and noting telemetry</td><td>40</td></tr><tr><td>Controlling the fan, naming the topic</td><td>40</td></tr><tr><td>Questions</td><td>20</td></tr></table>"

pdf platform-architecture.zh.pdf "<!doctype html><meta charset=utf-8><title>工业互联网平台架构概览</title>$style
<h1>工业互联网平台架构概览</h1>
<p>工业互联网平台把设备、数据和应用连接在一起，通常分为四层。</p>
<table><tr><th>层</th><th>作用</th><th>典型技术</th></tr>
<tr><td>边缘层</td><td>设备接入、协议转换、边缘计算</td><td>OPC UA、Modbus、MQTT、边缘网关</td></tr>
<tr><td>平台层（PaaS）</td><td>数据存储、建模与分析，工业微服务</td><td>时序数据库、规则引擎、数字孪生</td></tr>
<tr><td>应用层（SaaS）</td><td>面向生产的应用</td><td>设备监控、预测性维护、能耗管理</td></tr>
<tr><td>安全体系</td><td>贯穿各层的防护</td><td>身份认证、访问控制、加密传输</td></tr></table>
<h2>学习建议</h2><ol><li>先用 MQTT 接入一台模拟设备，看数据如何从边缘到平台。</li><li>再在平台上为设备建模，配置告警规则。</li><li>最后做一个设备状态看板。</li></ol>"

pdf platform-architecture.en.pdf "<!doctype html><meta charset=utf-8><title>Industrial internet platform architecture</title>$style
<h1>Industrial internet platform architecture</h1>
<p>An industrial internet platform connects devices, data and applications, usually in four layers.</p>
<table><tr><th>Layer</th><th>What it does</th><th>Typical technology</th></tr>
<tr><td>Edge</td><td>Connecting devices, converting protocols, computing on site</td><td>OPC UA, Modbus, MQTT, edge gateways</td></tr>
<tr><td>Platform (PaaS)</td><td>Storing, modelling and analysing data; industrial microservices</td><td>Time-series databases, rule engines, digital twins</td></tr>
<tr><td>Applications (SaaS)</td><td>Applications for production</td><td>Equipment monitoring, predictive maintenance, energy management</td></tr>
<tr><td>Security</td><td>Protection across every layer</td><td>Authentication, access control, encrypted transport</td></tr></table>
<h2>How to learn it</h2><ol><li>Connect a simulated device over MQTT and follow its data from the edge to the platform.</li><li>Model the device on the platform and set alarm rules.</li><li>Build a dashboard of the device's state.</li></ol>"

# Report templates: plain Markdown, one per language.
cat > lab-report-template.zh.md <<'MD'
# 实验报告

- 课程：
- 实验名称：
- 姓名 / 学号：
- 日期：

## 一、实验目的

## 二、实验环境与设备

## 三、实验步骤与记录

| 步骤 | 操作 | 观察到的结果 |
| ---- | ---- | ------------ |
| 1    |      |              |
| 2    |      |              |

## 四、数据与分析

## 五、遇到的问题与解决办法

## 六、总结
MD
cat > lab-report-template.en.md <<'MD'
# Lab report

- Course:
- Lab:
- Name / student number:
- Date:

## 1. Goals

## 2. Environment and equipment

## 3. Steps and observations

| Step | What I did | What I saw |
| ---- | ---------- | ---------- |
| 1    |            |            |
| 2    |            |            |

## 4. Data and analysis

## 5. Problems and how I solved them

## 6. Summary
MD

# Data sets: a day of readings every 30 minutes, the same numbers at every run.
awk 'BEGIN {
  print "time,temperature_c,humidity_pct,light_lux"
  for (i = 0; i < 48; i++) {
    h = i / 2
    printf "2026-03-02T%02d:%02d:00+08:00,%.1f,%.1f,%d\n", int(h), (i % 2) * 30,
      22 + 3 * sin((h - 9) * 3.14159 / 12), 55 - 10 * sin((h - 9) * 3.14159 / 12),
      (h >= 6 && h <= 18) ? int(200 + 1000 * sin((h - 6) * 3.14159 / 12)) : 5
  }
}' > living-room-sensors.csv
awk 'BEGIN {
  print "time,machine,spindle_rpm,vibration_mm_s,temperature_c,state"
  for (i = 0; i < 60; i++) {
    m = (i % 3) + 1
    v = 1.2 + 0.3 * sin(i / 4) + (m == 3 && i > 40 ? (i - 40) * 0.15 : 0)
    printf "2026-03-02T08:%02d:00+08:00,CNC-%02d,%d,%.2f,%.1f,%s\n", i, m,
      12000 - m * 500, v, 38 + m + sin(i / 6) * 2, (v > 3.5 ? "alarm" : "run")
  }
}' > line-telemetry.csv
