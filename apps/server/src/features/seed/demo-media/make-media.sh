#!/usr/bin/env bash
# Rebuilds the demo course files in this folder: covers (PNG), a short video (WebM) and a PDF.
# Needs Debian's ffmpeg, chromium and fonts-noto-cjk.
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
