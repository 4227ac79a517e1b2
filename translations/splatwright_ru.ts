<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU">
<context>
    <name>BakeReport</name>
    <message>
        <source>Materials: %1</source>
        <translation>Материалы: %1</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>Предупреждение: %1</translation>
    </message>
    <message>
        <source>Exported into %1</source>
        <translation>Экспортировано в %1</translation>
    </message>
    <message>
        <source>  %1 (%2)</source>
        <translation>  %1 (%2)</translation>
    </message>
    <message numerus="yes">
        <source>%n flagged but kept (marked Keep)</source>
        <translation>
            <numerusform>%n помечен, но оставлен (Оставить)</numerusform>
            <numerusform>%n помечены, но оставлены (Оставить)</numerusform>
            <numerusform>%n помечены, но оставлены (Оставить)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Floaters removed: %n splat(s)</source>
        <translation>
            <numerusform>Удалено флоатеров: %n сплат</numerusform>
            <numerusform>Удалено флоатеров: %n сплата</numerusform>
            <numerusform>Удалено флоатеров: %n сплатов</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n splat(s) in the trained cloud</source>
        <translation>
            <numerusform>%n сплат в обученном облаке</numerusform>
            <numerusform>%n сплата в обученном облаке</numerusform>
            <numerusform>%n сплатов в обученном облаке</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n splat(s) in the game model</source>
        <translation>
            <numerusform>%n сплат в игровой модели</numerusform>
            <numerusform>%n сплата в игровой модели</numerusform>
            <numerusform>%n сплатов в игровой модели</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n opaque core</source>
        <translation>
            <numerusform>%n в непрозрачном ядре</numerusform>
            <numerusform>%n в непрозрачном ядре</numerusform>
            <numerusform>%n в непрозрачном ядре</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n blended shell</source>
        <translation>
            <numerusform>%n в полупрозрачной оболочке</numerusform>
            <numerusform>%n в полупрозрачной оболочке</numerusform>
            <numerusform>%n в полупрозрачной оболочке</numerusform>
        </translation>
    </message>
    <message>
        <source>Distance to the surface: half of the splats within %1, 99% within %2 model units</source>
        <translation>Расстояние до поверхности: у половины сплатов до %1, у 99% до %2 единиц модели</translation>
    </message>
    <message numerus="yes">
        <source>%n splat(s) never seen by the game camera (belly) removed</source>
        <translation>
            <numerusform>Удалено сплатов, которые игровая камера никогда не видит (брюхо): %n</numerusform>
            <numerusform>Удалено сплатов, которые игровая камера никогда не видит (брюхо): %n</numerusform>
            <numerusform>Удалено сплатов, которые игровая камера никогда не видит (брюхо): %n</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n nearly transparent splat(s) removed</source>
        <translation>
            <numerusform>Удалено почти прозрачных сплатов: %n</numerusform>
            <numerusform>Удалено почти прозрачных сплатов: %n</numerusform>
            <numerusform>Удалено почти прозрачных сплатов: %n</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n destruction chunk(s)</source>
        <translation>
            <numerusform>%n чанк разрушения</numerusform>
            <numerusform>%n чанка разрушения</numerusform>
            <numerusform>%n чанков разрушения</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>in %n group(s)</source>
        <translation>
            <numerusform>в %n группе</numerusform>
            <numerusform>в %n группах</numerusform>
            <numerusform>в %n группах</numerusform>
        </translation>
    </message>
    <message>
        <source> (capped at the chunk limit)</source>
        <translation> (упёрлось в предел числа чанков)</translation>
    </message>
    <message>
        <source>%1% of the chunks within ±30% of the target area</source>
        <translation>%1% чанков в пределах ±30% от целевой площади</translation>
    </message>
    <message>
        <source>from the model&apos;s emissive materials</source>
        <translation>по излучающим материалам модели</translation>
    </message>
    <message>
        <source>from the rarest bright colours (the model declares no emission)</source>
        <translation>по самым редким ярким цветам (в модели нет излучающих материалов)</translation>
    </message>
    <message>
        <source>emission off</source>
        <translation>свечение выключено</translation>
    </message>
    <message numerus="yes">
        <source>%n emissive (glowing) splat(s)</source>
        <translation>
            <numerusform>%n светящийся сплат</numerusform>
            <numerusform>%n светящихся сплата</numerusform>
            <numerusform>%n светящихся сплатов</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Exported %n file(s)</source>
        <translation>
            <numerusform>Экспортирован %n файл</numerusform>
            <numerusform>Экспортировано %n файла</numerusform>
            <numerusform>Экспортировано %n файлов</numerusform>
        </translation>
    </message>
    <message>
        <source> (%1) into %2: </source>
        <translation> (%1) в %2: </translation>
    </message>
    <message numerus="yes">
        <source>%n splat(s)</source>
        <translation>
            <numerusform>%n сплат</numerusform>
            <numerusform>%n сплата</numerusform>
            <numerusform>%n сплатов</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n floater(s) removed</source>
        <translation>
            <numerusform>удалён %n флоатер</numerusform>
            <numerusform>удалено %n флоатера</numerusform>
            <numerusform>удалено %n флоатеров</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n chunk(s)</source>
        <translation>
            <numerusform>%n чанк</numerusform>
            <numerusform>%n чанка</numerusform>
            <numerusform>%n чанков</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n предупреждение</numerusform>
            <numerusform>%n предупреждения</numerusform>
            <numerusform>%n предупреждений</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ImportReport</name>
    <message>
        <source>none</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>Winding:</source>
        <translation>Порядок обхода:</translation>
    </message>
    <message>
        <source>Base colour per material:</source>
        <translation>Базовый цвет по материалам:</translation>
    </message>
    <message>
        <source>glTF extensions:</source>
        <translation>Расширения glTF:</translation>
    </message>
    <message>
        <source>Warnings:</source>
        <translation>Предупреждения:</translation>
    </message>
    <message numerus="yes">
        <source>%n mesh(es)</source>
        <translation>
            <numerusform>%n меш</numerusform>
            <numerusform>%n меша</numerusform>
            <numerusform>%n мешей</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n triangle(s)</source>
        <translation>
            <numerusform>%n треугольник</numerusform>
            <numerusform>%n треугольника</numerusform>
            <numerusform>%n треугольников</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n material(s)</source>
        <translation>
            <numerusform>%n материал</numerusform>
            <numerusform>%n материала</numerusform>
            <numerusform>%n материалов</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n texture(s)</source>
        <translation>
            <numerusform>%n текстура</numerusform>
            <numerusform>%n текстуры</numerusform>
            <numerusform>%n текстур</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n part(s) by shared edges</source>
        <translation>
            <numerusform>%n часть (по общим рёбрам)</numerusform>
            <numerusform>%n части (по общим рёбрам)</numerusform>
            <numerusform>%n частей (по общим рёбрам)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n part(s) faced inwards and were turned to face outwards</source>
        <translation>
            <numerusform>%n часть была вывернута внутрь и развёрнута наружу</numerusform>
            <numerusform>%n части были вывернуты внутрь и развёрнуты наружу</numerusform>
            <numerusform>%n частей были вывернуты внутрь и развёрнуты наружу</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n face(s)</source>
        <translation>
            <numerusform>%n грань</numerusform>
            <numerusform>%n грани</numerusform>
            <numerusform>%n граней</numerusform>
        </translation>
    </message>
    <message>
        <source>%1% of the area</source>
        <translation>%1% площади</translation>
    </message>
    <message>
        <source>none faced inwards</source>
        <translation>вывернутых внутрь нет</translation>
    </message>
</context>
<context>
    <name>schema</name>
    <message>
        <source>Extract from scan</source>
        <translation>Вырезка из скана</translation>
    </message>
    <message>
        <source>Splat limit</source>
        <translation>Предел сплатов</translation>
    </message>
    <message>
        <source>Most splats an extraction keeps; a region holding more is refused before it fills memory</source>
        <translation>Наибольшее число сплатов в вырезке; область, где их больше, отклоняется, пока она не заполнила память</translation>
    </message>
    <message>
        <source>Extract</source>
        <translation>Вырезка</translation>
    </message>
    <message>
        <source>Opacity floor</source>
        <translation>Порог непрозрачности</translation>
    </message>
    <message>
        <source>Keep only splats at least this opaque; 0 keeps every splat of the region</source>
        <translation>Оставлять только сплаты не менее непрозрачные, чем этот порог; 0 оставляет все сплаты области</translation>
    </message>
    <message>
        <source>Memory limit</source>
        <translation>Предел памяти</translation>
    </message>
    <message>
        <source>Most memory the build holds; a larger scan is split on disk and built part by part</source>
        <translation>Наибольший объём памяти, который занимает построение; скан больше него делится на диске и строится по частям</translation>
    </message>
    <message>
        <source>LOD tree</source>
        <translation>Дерево LOD</translation>
    </message>
    <message>
        <source>Leaf size</source>
        <translation>Размер листа</translation>
    </message>
    <message>
        <source>Most splats in one leaf chunk at its finest level</source>
        <translation>Наибольшее число сплатов в одном листовом чанке на его самом подробном уровне</translation>
    </message>
    <message>
        <source>Tree</source>
        <translation>Дерево</translation>
    </message>
    <message>
        <source>Levels</source>
        <translation>Уровни</translation>
    </message>
    <message>
        <source>Levels of detail per leaf, the finest included</source>
        <translation>Уровней детализации на лист, включая самый подробный</translation>
    </message>
    <message>
        <source>Reduction per level</source>
        <translation>Сокращение на уровень</translation>
    </message>
    <message>
        <source>Splats of one level merged into one splat of the next coarser level</source>
        <translation>Сколько сплатов одного уровня сливаются в один сплат следующего, более грубого уровня</translation>
    </message>
    <message>
        <source>Worker threads building the levels; 0 uses one per core</source>
        <translation>Рабочие потоки, строящие уровни; 0 — по одному на ядро</translation>
    </message>
    <message>
        <source>Performance</source>
        <translation>Производительность</translation>
    </message>
    <message>
        <source>LOD selection</source>
        <translation>Выбор LOD</translation>
    </message>
    <message>
        <source>Screen error</source>
        <translation>Экранная ошибка</translation>
    </message>
    <message>
        <source>Largest splat spacing on screen a level may show before a finer one is wanted</source>
        <translation>Наибольшее расстояние между сплатами на экране, которое уровень может показать, прежде чем понадобится более подробный</translation>
    </message>
    <message>
        <source>Quality</source>
        <translation>Качество</translation>
    </message>
    <message>
        <source>Most splats drawn in one view, over every open scan</source>
        <translation>Наибольшее число сплатов, рисуемых в одном виде, по всем открытым сканам</translation>
    </message>
    <message>
        <source>Low</source>
        <translation>Низкое</translation>
    </message>
    <message>
        <source>Coarse far away: 4 px of screen error</source>
        <translation>Грубо вдали: 4 пикс. экранной ошибки</translation>
    </message>
    <message>
        <source>Medium</source>
        <translation>Среднее</translation>
    </message>
    <message>
        <source>2 px of screen error</source>
        <translation>2 пикс. экранной ошибки</translation>
    </message>
    <message>
        <source>High</source>
        <translation>Высокое</translation>
    </message>
    <message>
        <source>Generous detail: 1 px of screen error</source>
        <translation>Щедрая детализация: 1 пикс. экранной ошибки</translation>
    </message>
    <message>
        <source>LOD streaming</source>
        <translation>Потоковая загрузка LOD</translation>
    </message>
    <message>
        <source>Memory budget</source>
        <translation>Бюджет памяти</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>МиБ</translation>
    </message>
    <message>
        <source>Most memory the resident chunks take (16 B a splat); a smaller budget draws coarser levels</source>
        <translation>Наибольший объём памяти под резидентные чанки (16 Б на сплат); меньший бюджет рисует более грубые уровни</translation>
    </message>
    <message>
        <source>Streaming</source>
        <translation>Потоковая загрузка</translation>
    </message>
    <message>
        <source>Loader threads</source>
        <translation>Потоки загрузки</translation>
    </message>
    <message>
        <source>Threads reading and packing chunks</source>
        <translation>Потоки, читающие и упаковывающие чанки</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>Импорт</translation>
    </message>
    <message>
        <source>Normalise</source>
        <translation>Нормализовать</translation>
    </message>
    <message>
        <source>Scale and centre the model into the cube of edge cube-edge at the origin; the scale and offset are recorded</source>
        <translation>Масштабировать модель и поместить её в куб с ребром «Ребро куба» с центром в начале координат; масштаб и смещение сохраняются</translation>
    </message>
    <message>
        <source>Cube edge</source>
        <translation>Ребро куба</translation>
    </message>
    <message>
        <source>model units</source>
        <translation>ед. модели</translation>
    </message>
    <message>
        <source>Edge of the normalisation cube; the pipeline&apos;s camera radius 3.2 assumes 1.6</source>
        <translation>Ребро куба нормализации; радиус камеры конвейера 3,2 рассчитан на 1,6</translation>
    </message>
    <message>
        <source>Repair winding</source>
        <translation>Исправлять обход</translation>
    </message>
    <message>
        <source>Flip connected components whose area-weighted normals point toward the model centre (PIPELINE §1)</source>
        <translation>Переворачивать связные компоненты, у которых взвешенные по площади нормали направлены к центру модели (PIPELINE §1)</translation>
    </message>
    <message>
        <source>Small texture warning</source>
        <translation>Предупреждение о малой текстуре</translation>
    </message>
    <message>
        <source>px</source>
        <translation>пикс.</translation>
    </message>
    <message>
        <source>Warn when a base-colour texture covering a large part of the model is smaller than this on a side</source>
        <translation>Предупреждать, если текстура базового цвета, покрывающая значительную часть модели, меньше этого размера по стороне</translation>
    </message>
    <message>
        <source>Read files outside the model&apos;s folder</source>
        <translation>Читать файлы вне папки модели</translation>
    </message>
    <message>
        <source>Read buffers and images that a glTF names outside its own folder (../, absolute paths); off, such a model is refused naming the file</source>
        <translation>Читать буферы и изображения, которые glTF указывает вне своей папки (../, абсолютные пути); если выключено, такая модель отклоняется с указанием файла</translation>
    </message>
    <message>
        <source>Demo asset</source>
        <translation>Демо-ассет</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Зерно</translation>
    </message>
    <message>
        <source>Random seed: plate styles, paint and which plates are wound inward</source>
        <translation>Зерно генератора случайных чисел: стиль пластин, окраска и то, какие пластины обращены внутрь</translation>
    </message>
    <message>
        <source>Plates</source>
        <translation>Пластины</translation>
    </message>
    <message>
        <source>Open plate components in the whole model (each its own connected component)</source>
        <translation>Число открытых пластин во всей модели (каждая — отдельная связная компонента)</translation>
    </message>
    <message>
        <source>Texture size</source>
        <translation>Размер текстуры</translation>
    </message>
    <message>
        <source>Edge of the square base-colour texture</source>
        <translation>Сторона квадратной текстуры базового цвета</translation>
    </message>
    <message>
        <source>Inverted share</source>
        <translation>Доля перевёрнутых</translation>
    </message>
    <message>
        <source>Share of plates with reversed (inward) winding, as generated models have</source>
        <translation>Доля пластин с обратным (внутрь) порядком обхода, как у сгенерированных моделей</translation>
    </message>
    <message>
        <source>Atlas margin</source>
        <translation>Отступ в атласе</translation>
    </message>
    <message>
        <source>Style</source>
        <translation>Стиль</translation>
    </message>
    <message>
        <source>drone: the bundled boss drone; plated: a closed hull under coarse open plates with gaps (AI-generated bosses)</source>
        <translation>drone: встроенный дрон-босс; plated: замкнутый корпус под грубыми открытыми пластинами с зазорами (боссы от генераторов ИИ)</translation>
    </message>
    <message>
        <source>drone</source>
        <translation>drone</translation>
    </message>
    <message>
        <source>plated</source>
        <translation>plated</translation>
    </message>
    <message>
        <source>AO bounces</source>
        <translation>Отскоки AO</translation>
    </message>
    <message>
        <source>Diffuse bounces of interreflection under the dome (0: sky visibility only)</source>
        <translation>Диффузные отскоки переотражённого света под куполом (0: только видимость неба)</translation>
    </message>
    <message>
        <source>Padding around each plate&apos;s cell of the texture atlas</source>
        <translation>Отступ вокруг ячейки каждой пластины в текстурном атласе</translation>
    </message>
    <message>
        <source>Camera belt</source>
        <translation>Пояс камер</translation>
    </message>
    <message>
        <source>Train views</source>
        <translation>Обучающие ракурсы</translation>
    </message>
    <message>
        <source>Number of training views on the golden spiral</source>
        <translation>Число обучающих ракурсов на золотой спирали</translation>
    </message>
    <message>
        <source>Belt</source>
        <translation>Пояс</translation>
    </message>
    <message>
        <source>Lowest elevation</source>
        <translation>Нижняя высота</translation>
    </message>
    <message>
        <source>Bottom of the camera belt; 14° sees under guns</source>
        <translation>Нижняя граница пояса камер; с 14° видно под пушками</translation>
    </message>
    <message>
        <source>deg</source>
        <translation>град.</translation>
    </message>
    <message>
        <source>Highest elevation</source>
        <translation>Верхняя высота</translation>
    </message>
    <message>
        <source>Top of the camera belt</source>
        <translation>Верхняя граница пояса камер</translation>
    </message>
    <message>
        <source>Camera distance</source>
        <translation>Расстояние камеры</translation>
    </message>
    <message>
        <source>Radius of the camera sphere; the model fits a cube of edge 1.6</source>
        <translation>Радиус сферы камер; модель вписана в куб с ребром 1,6</translation>
    </message>
    <message>
        <source>Field of view</source>
        <translation>Поле зрения</translation>
    </message>
    <message>
        <source>Horizontal field of view (camera_angle_x)</source>
        <translation>Горизонтальное поле зрения (camera_angle_x)</translation>
    </message>
    <message>
        <source>Validation views</source>
        <translation>Валидационные ракурсы</translation>
    </message>
    <message>
        <source>Validation views on one ring</source>
        <translation>Валидационные ракурсы на одном кольце</translation>
    </message>
    <message>
        <source>Validation and test</source>
        <translation>Валидация и тест</translation>
    </message>
    <message>
        <source>Validation elevation</source>
        <translation>Высота валидации</translation>
    </message>
    <message>
        <source>Elevation of the validation ring</source>
        <translation>Высота валидационного кольца</translation>
    </message>
    <message>
        <source>Test views per ring</source>
        <translation>Тестовых ракурсов на кольцо</translation>
    </message>
    <message>
        <source>Test views on each of the two test rings</source>
        <translation>Тестовые ракурсы на каждом из двух тестовых колец</translation>
    </message>
    <message>
        <source>Low test elevation</source>
        <translation>Нижняя тестовая высота</translation>
    </message>
    <message>
        <source>Elevation of the lower test ring</source>
        <translation>Высота нижнего тестового кольца</translation>
    </message>
    <message>
        <source>High test elevation</source>
        <translation>Верхняя тестовая высота</translation>
    </message>
    <message>
        <source>Elevation of the upper test ring</source>
        <translation>Высота верхнего тестового кольца</translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation>Датасет</translation>
    </message>
    <message>
        <source>Resolution</source>
        <translation>Разрешение</translation>
    </message>
    <message>
        <source>Side of the square RGBA images (training usually downsamples to 400)</source>
        <translation>Сторона квадратных RGBA-изображений (обучение обычно уменьшает до 400)</translation>
    </message>
    <message>
        <source>Images</source>
        <translation>Изображения</translation>
    </message>
    <message>
        <source>Lighting recipe</source>
        <translation>Рецепт освещения</translation>
    </message>
    <message>
        <source>ao</source>
        <translation>ao</translation>
    </message>
    <message>
        <source>flat</source>
        <translation>flat</translation>
    </message>
    <message>
        <source>cel</source>
        <translation>cel</translation>
    </message>
    <message>
        <source>ao: diffuse under a white dome with bounce light, as Blender Cycles (default); flat: albedo; cel: toon bands baked in</source>
        <translation>ao: диффузное освещение белым куполом с отражённым светом, как в Blender Cycles (по умолчанию); flat: альбедо; cel: запечённые мультяшные полосы</translation>
    </message>
    <message>
        <source>Lighting</source>
        <translation>Освещение</translation>
    </message>
    <message>
        <source>AO rays</source>
        <translation>Лучи AO</translation>
    </message>
    <message>
        <source>Hemisphere rays per vertex and side for the dome lighting</source>
        <translation>Лучей полусферы на вершину и сторону для освещения куполом</translation>
    </message>
    <message>
        <source>AO detail</source>
        <translation>Детализация AO</translation>
    </message>
    <message>
        <source>Edges longer than this are split before baking the dome lighting</source>
        <translation>Рёбра длиннее этого делятся перед запеканием освещения куполом</translation>
    </message>
    <message>
        <source>Anti-aliasing</source>
        <translation>Сглаживание</translation>
    </message>
    <message>
        <source>samples</source>
        <translation>выборок</translation>
    </message>
    <message>
        <source>MSAA samples; alpha at silhouettes is the coverage</source>
        <translation>Выборки MSAA; альфа на силуэтах — это покрытие</translation>
    </message>
    <message>
        <source>PNG compression</source>
        <translation>Сжатие PNG</translation>
    </message>
    <message>
        <source>zlib level of the written PNGs: lower is faster</source>
        <translation>Уровень zlib для записываемых PNG: меньше — быстрее</translation>
    </message>
    <message>
        <source>Seed of the sky-visibility rays</source>
        <translation>Зерно лучей видимости неба</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>Обучение</translation>
    </message>
    <message>
        <source>Splat budget</source>
        <translation>Бюджет сплатов</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>Бюджет</translation>
    </message>
    <message>
        <source>Hard cap on the number of splats; a smaller budget is a retrain, never a slice</source>
        <translation>Жёсткий предел числа сплатов; меньший бюджет — это новое обучение, а не срез</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>Шаги</translation>
    </message>
    <message>
        <source>Width of the training images; they are area-resized once at load</source>
        <translation>Ширина обучающих изображений; при загрузке они один раз масштабируются усреднением по площади</translation>
    </message>
    <message>
        <source>Position LR</source>
        <translation>Скорость обучения позиций</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>Оптимизатор</translation>
    </message>
    <message>
        <source>Adam learning rate of the means, multiplied by the scene scale</source>
        <translation>Скорость обучения Adam для центров, умноженная на масштаб сцены</translation>
    </message>
    <message>
        <source>Position LR final factor</source>
        <translation>Итоговый множитель скорости позиций</translation>
    </message>
    <message>
        <source>Scale LR</source>
        <translation>Скорость обучения масштабов</translation>
    </message>
    <message>
        <source>Rotation LR</source>
        <translation>Скорость обучения поворотов</translation>
    </message>
    <message>
        <source>Opacity LR</source>
        <translation>Скорость обучения непрозрачности</translation>
    </message>
    <message>
        <source>Colour LR</source>
        <translation>Скорость обучения цвета</translation>
    </message>
    <message>
        <source>Alpha loss weight</source>
        <translation>Вес потерь альфы</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>Потери</translation>
    </message>
    <message>
        <source>Opacity entropy weight</source>
        <translation>Вес энтропии непрозрачности</translation>
    </message>
    <message>
        <source>Weight of mean o(1-o), ramped in over the last steps</source>
        <translation>Вес среднего o(1-o), плавно включаемого на последних шагах</translation>
    </message>
    <message>
        <source>Entropy ramp start</source>
        <translation>Начало нарастания энтропии</translation>
    </message>
    <message>
        <source>Share of the steps before the entropy penalty starts</source>
        <translation>Доля шагов до начала штрафа энтропии</translation>
    </message>
    <message>
        <source>Relocation start</source>
        <translation>Начало перемещения</translation>
    </message>
    <message>
        <source>steps</source>
        <translation>шагов</translation>
    </message>
    <message>
        <source>MCMC</source>
        <translation>MCMC</translation>
    </message>
    <message>
        <source>Relocation stop before end</source>
        <translation>Конец перемещения до финиша</translation>
    </message>
    <message>
        <source>Relocation period</source>
        <translation>Период перемещения</translation>
    </message>
    <message>
        <source>Dead opacity</source>
        <translation>Порог «мёртвой» непрозрачности</translation>
    </message>
    <message>
        <source>AO lift</source>
        <translation>Подъём AO</translation>
    </message>
    <message>
        <source>AO is measured on the outermost surface within this distance above the splat (plates over a hull)</source>
        <translation>AO измеряется на самой внешней поверхности в пределах этого расстояния над сплатом (пластины над корпусом)</translation>
    </message>
    <message>
        <source>Detached on-surface distance</source>
        <translation>Расстояние «на поверхности» для оторванных</translation>
    </message>
    <message>
        <source>Sign 2: a small component whose median distance to the surface is at most this lies on real geometry and lives</source>
        <translation>Признак 2: малая компонента, медианное расстояние которой до поверхности не больше этого, лежит на настоящей геометрии и остаётся</translation>
    </message>
    <message>
        <source>Splats at or below this opacity draw nothing and are dropped (MCMC&apos;s dead threshold)</source>
        <translation>Сплаты с непрозрачностью не выше этой ничего не рисуют и отбрасываются (порог «мёртвых» MCMC)</translation>
    </message>
    <message>
        <source>Belly cull margin</source>
        <translation>Запас отсечения брюха</translation>
    </message>
    <message>
        <source>Keep splats whose normal turns away from every belt camera by less than this past 90°</source>
        <translation>Оставлять сплаты, нормаль которых отвёрнута от всех камер пояса меньше чем на эту величину сверх 90°</translation>
    </message>
    <message>
        <source>Belly visible depth</source>
        <translation>Видимая глубина брюха</translation>
    </message>
    <message>
        <source>Keep a splat the belt sees through less than this of surface, whatever its normal</source>
        <translation>Оставлять сплат, который пояс видит сквозь слой поверхности тоньше этого, при любой нормали</translation>
    </message>
    <message>
        <source>Position noise</source>
        <translation>Шум позиций</translation>
    </message>
    <message>
        <source>Metrics period</source>
        <translation>Период метрик</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>Вывод</translation>
    </message>
    <message>
        <source>Checkpoint period</source>
        <translation>Период контрольных точек</translation>
    </message>
    <message>
        <source>Preview period</source>
        <translation>Период предпросмотра</translation>
    </message>
    <message>
        <source>Validation background</source>
        <translation>Фон валидации</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>Потоки</translation>
    </message>
    <message>
        <source>Rasterizer threads; 0 uses all cores</source>
        <translation>Потоки растеризатора; 0 — все ядра</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Устройство</translation>
    </message>
    <message>
        <source>cpu</source>
        <translation>ЦП</translation>
    </message>
    <message>
        <source>cuda</source>
        <translation>CUDA</translation>
    </message>
    <message>
        <source>Train on the CPU or on an NVIDIA GPU (needs a CUDA build and a GPU)</source>
        <translation>Обучать на ЦП или на GPU NVIDIA (нужны сборка с CUDA и GPU)</translation>
    </message>
    <message>
        <source>Bake</source>
        <translation>Запекание</translation>
    </message>
    <message>
        <source>On-surface distance</source>
        <translation>Расстояние «на поверхности»</translation>
    </message>
    <message>
        <source>Normal snap</source>
        <translation>Привязка нормалей</translation>
    </message>
    <message>
        <source>Centres closer than this to their face take the side whose ray escapes the mesh</source>
        <translation>Центры ближе этого к своей грани берут сторону, чей луч выходит из сетки</translation>
    </message>
    <message>
        <source>Centres closer than this to their face are reported as on it (the normal is the face&apos;s either way)</source>
        <translation>Центры ближе этого к своей грани считаются лежащими на ней (нормаль в любом случае берётся от грани)</translation>
    </message>
    <message>
        <source>Far from mesh</source>
        <translation>Далеко от сетки</translation>
    </message>
    <message>
        <source>Floaters</source>
        <translation>Флоатеры</translation>
    </message>
    <message>
        <source>Sign 1: splats whose centre is farther than this from the surface</source>
        <translation>Признак 1: сплаты, чей центр дальше этого от поверхности</translation>
    </message>
    <message>
        <source>Link radius</source>
        <translation>Радиус связи</translation>
    </message>
    <message>
        <source>Sign 2: neighbour graph edge length; 0 = link factor × mean spacing</source>
        <translation>Признак 2: длина ребра графа соседей; 0 = множитель связи × средний шаг</translation>
    </message>
    <message>
        <source>Link factor</source>
        <translation>Множитель связи</translation>
    </message>
    <message>
        <source>Sign 2: automatic link radius in mean spacings</source>
        <translation>Признак 2: автоматический радиус связи в средних шагах</translation>
    </message>
    <message>
        <source>Silhouette azimuths</source>
        <translation>Азимуты силуэта</translation>
    </message>
    <message>
        <source>Silhouette elevations</source>
        <translation>Высоты силуэта</translation>
    </message>
    <message>
        <source>Lowest view</source>
        <translation>Нижний ракурс</translation>
    </message>
    <message>
        <source>Highest view</source>
        <translation>Верхний ракурс</translation>
    </message>
    <message>
        <source>View distance</source>
        <translation>Дальность ракурса</translation>
    </message>
    <message>
        <source>Silhouette miss share</source>
        <translation>Доля промахов силуэта</translation>
    </message>
    <message>
        <source>Sign 3: flagged when this share of the views that see the splat miss the mesh</source>
        <translation>Признак 3: помечается, когда эта доля видящих сплат ракурсов промахивается мимо сетки</translation>
    </message>
    <message>
        <source>Silhouette min views</source>
        <translation>Минимум ракурсов силуэта</translation>
    </message>
    <message>
        <source>Silhouette slack</source>
        <translation>Допуск перекрытия силуэта</translation>
    </message>
    <message>
        <source>Silhouette tolerance</source>
        <translation>Допуск силуэта</translation>
    </message>
    <message>
        <source>Sign 3: a splat must stick out of the silhouette by more than this</source>
        <translation>Признак 3: сплат должен выступать за силуэт больше чем на это</translation>
    </message>
    <message>
        <source>Disc radius</source>
        <translation>Радиус диска</translation>
    </message>
    <message>
        <source>sigma</source>
        <translation>сигм</translation>
    </message>
    <message>
        <source>Sign 4: projected disc radius in sigmas of the largest axis</source>
        <translation>Признак 4: радиус проецируемого диска в сигмах наибольшей оси</translation>
    </message>
    <message>
        <source>Background alpha</source>
        <translation>Альфа фона</translation>
    </message>
    <message>
        <source>Remove far</source>
        <translation>Удалять далёкие</translation>
    </message>
    <message>
        <source>Remove detached</source>
        <translation>Удалять оторванные</translation>
    </message>
    <message>
        <source>Remove silhouette</source>
        <translation>Удалять вне силуэта</translation>
    </message>
    <message>
        <source>Remove dataset floaters</source>
        <translation>Удалять флоатеры датасета</translation>
    </message>
    <message>
        <source>Core opacity</source>
        <translation>Непрозрачность ядра</translation>
    </message>
    <message>
        <source>Core and shell</source>
        <translation>Ядро и оболочка</translation>
    </message>
    <message>
        <source>Splats more opaque than this are drawn as opaque octagons</source>
        <translation>Сплаты непрозрачнее этого рисуются непрозрачными восьмиугольниками</translation>
    </message>
    <message>
        <source>Disc opacity floor</source>
        <translation>Нижний порог непрозрачности диска</translation>
    </message>
    <message>
        <source>Disc scale</source>
        <translation>Масштаб диска</translation>
    </message>
    <message>
        <source>Core major axes are scaled by visible radius × this</source>
        <translation>Главные оси ядра масштабируются на видимый радиус × это</translation>
    </message>
    <message>
        <source>Belly cull</source>
        <translation>Отсечение брюха</translation>
    </message>
    <message>
        <source>Drop splats whose normal faces no camera of the game belt</source>
        <translation>Отбрасывать сплаты, чья нормаль не смотрит ни на одну камеру игрового пояса</translation>
    </message>
    <message>
        <source>Belt lowest</source>
        <translation>Низ пояса</translation>
    </message>
    <message>
        <source>Belt highest</source>
        <translation>Верх пояса</translation>
    </message>
    <message>
        <source>Game camera tilt</source>
        <translation>Наклон игровой камеры</translation>
    </message>
    <message>
        <source>Orders</source>
        <translation>Порядки</translation>
    </message>
    <message>
        <source>Fixed elevation of the game camera the 64 shell orders are sorted for</source>
        <translation>Фиксированная высота игровой камеры, для которой сортируются 64 порядка оболочки</translation>
    </message>
    <message>
        <source>Channels</source>
        <translation>Каналы</translation>
    </message>
    <message>
        <source>AO distance</source>
        <translation>Дальность AO</translation>
    </message>
    <message>
        <source>Emissive share</source>
        <translation>Доля свечения</translation>
    </message>
    <message>
        <source>The rarest colours (farthest from the hull&apos;s median) light up, at most this share</source>
        <translation>Самые редкие цвета (дальше всего от медианы корпуса) светятся, не более этой доли</translation>
    </message>
    <message>
        <source>Emission min distance</source>
        <translation>Мин. расстояние свечения</translation>
    </message>
    <message>
        <source>Thickness range</source>
        <translation>Диапазон толщины</translation>
    </message>
    <message>
        <source>Plate percentile</source>
        <translation>Перцентиль пластины</translation>
    </message>
    <message>
        <source>Dot percentile</source>
        <translation>Перцентиль точки</translation>
    </message>
    <message>
        <source>Material recipe</source>
        <translation>Рецепт материалов</translation>
    </message>
    <message>
        <source>Materials</source>
        <translation>Материалы</translation>
    </message>
    <message>
        <source>JSON recipe: ordered (class, hue, saturation, value) rules; empty = built-in</source>
        <translation>JSON-рецепт: упорядоченные правила (класс, тон, насыщенность, яркость); пусто = встроенный</translation>
    </message>
    <message>
        <source>Smoothing passes</source>
        <translation>Проходы сглаживания</translation>
    </message>
    <message>
        <source>Smoothing radius</source>
        <translation>Радиус сглаживания</translation>
    </message>
    <message>
        <source>0 = 2.5 mean spacings</source>
        <translation>0 = 2,5 средних шага</translation>
    </message>
    <message>
        <source>Splats per chunk</source>
        <translation>Сплатов на чанк</translation>
    </message>
    <message>
        <source>Chunks</source>
        <translation>Чанки</translation>
    </message>
    <message>
        <source>Target chunk size; chunks are balanced by area, not count</source>
        <translation>Целевой размер чанка; чанки выравниваются по площади, а не по числу</translation>
    </message>
    <message>
        <source>Lloyd iterations</source>
        <translation>Итерации Ллойда</translation>
    </message>
    <message>
        <source>Jitter iterations</source>
        <translation>Итерации дрожания</translation>
    </message>
    <message>
        <source>Border jitter</source>
        <translation>Дрожание границ</translation>
    </message>
    <message>
        <source>chunk radii</source>
        <translation>радиусов чанка</translation>
    </message>
    <message>
        <source>Chunk seed</source>
        <translation>Зерно чанков</translation>
    </message>
    <message>
        <source>Max chunks</source>
        <translation>Макс. чанков</translation>
    </message>
    <message>
        <source>1 + chunk·8 + material must stay ≤ 2048 (half-float exact)</source>
        <translation>1 + чанк·8 + материал должно оставаться ≤ 2048 (точно в half-float)</translation>
    </message>
    <message>
        <source>Effects</source>
        <translation>Эффекты</translation>
    </message>
    <message>
        <source>Effect timeline</source>
        <translation>Шкала времени эффекта</translation>
    </message>
    <message>
        <source>Scatter progress</source>
        <translation>Ход разлёта</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>Режим</translation>
    </message>
    <message>
        <source>Distance</source>
        <translation>Расстояние</translation>
    </message>
    <message>
        <source>Kinetic bias</source>
        <translation>Кинетический сдвиг</translation>
    </message>
    <message>
        <source>Ripple amplitude</source>
        <translation>Амплитуда ряби</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>Скорость</translation>
    </message>
    <message>
        <source>Wavelength</source>
        <translation>Длина волны</translation>
    </message>
    <message>
        <source>Decay</source>
        <translation>Затухание</translation>
    </message>
    <message>
        <source>Link decay strength</source>
        <translation>Сила распада связи</translation>
    </message>
    <message>
        <source>Slots per second</source>
        <translation>Слотов в секунду</translation>
    </message>
    <message>
        <source>Twitch</source>
        <translation>Подёргивание</translation>
    </message>
    <message>
        <source>Packet rate</source>
        <translation>Доля пакетов</translation>
    </message>
    <message>
        <source>Siphon share</source>
        <translation>Доля всасывания</translation>
    </message>
    <message>
        <source>Turns</source>
        <translation>Витки</translation>
    </message>
    <message>
        <source>Implode progress</source>
        <translation>Ход схлопывания</translation>
    </message>
    <message>
        <source>Assemble state</source>
        <translation>Состояние сборки</translation>
    </message>
    <message>
        <source>Spread</source>
        <translation>Разброс</translation>
    </message>
    <message>
        <source>Charge</source>
        <translation>Заряд</translation>
    </message>
    <message>
        <source>Lift</source>
        <translation>Подъём</translation>
    </message>
    <message>
        <source>Part transform on</source>
        <translation>Преобразование частей включено</translation>
    </message>
    <message>
        <source>Effect</source>
        <translation>Эффект</translation>
    </message>
    <message>
        <source>Loop length</source>
        <translation>Длина цикла</translation>
    </message>
    <message>
        <source>Ripple peak</source>
        <translation>Пик ряби</translation>
    </message>
    <message>
        <source>Part swing</source>
        <translation>Поворот частей</translation>
    </message>
    <message>
        <source>Part lift</source>
        <translation>Вынос частей</translation>
    </message>
    <message>
        <source>Scatter</source>
        <translation>Разлёт</translation>
    </message>
    <message>
        <source>0 = off, 1 = every splat has flown its full distance</source>
        <translation>0 = выкл., 1 = каждый сплат пролетел всё расстояние</translation>
    </message>
    <message>
        <source>Radial: away from the centre; ring: outward in the horizontal plane; column: an upward plume; vortex: swirling around +Z</source>
        <translation>Радиальный: от центра; кольцо: наружу в горизонтальной плоскости; столб: шлейф вверх; вихрь: вращение вокруг +Z</translation>
    </message>
    <message>
        <source>Distance travelled at progress 1 (each splat × 0.5..1.5)</source>
        <translation>Расстояние, пройденное при ходе 1 (у каждого сплата × 0,5..1,5)</translation>
    </message>
    <message>
        <source>Share of the motion turned along the killing shot&apos;s direction</source>
        <translation>Доля движения, повёрнутая вдоль направления смертельного выстрела</translation>
    </message>
    <message>
        <source>Ripple</source>
        <translation>Рябь</translation>
    </message>
    <message>
        <source>Displacement along the normal at the wave front (0 = off)</source>
        <translation>Смещение вдоль нормали на фронте волны (0 = выкл.)</translation>
    </message>
    <message>
        <source>model units/s</source>
        <translation>ед. модели/с</translation>
    </message>
    <message>
        <source>How fast the front travels from the hit point</source>
        <translation>Скорость фронта от точки попадания</translation>
    </message>
    <message>
        <source>Distance between wave crests</source>
        <translation>Расстояние между гребнями волн</translation>
    </message>
    <message>
        <source>1/model units</source>
        <translation>1/ед. модели</translation>
    </message>
    <message>
        <source>How quickly the waves die out behind the front</source>
        <translation>Как быстро волны затухают за фронтом</translation>
    </message>
    <message>
        <source>Link decay</source>
        <translation>Распад связи</translation>
    </message>
    <message>
        <source>0 = off; parts twitch, glitch and fade toward cyan</source>
        <translation>0 = выкл.; части дёргаются, сбоят и выцветают в голубой</translation>
    </message>
    <message>
        <source>1/s</source>
        <translation>1/с</translation>
    </message>
    <message>
        <source>Time slots per second; each slot picks one part to twitch</source>
        <translation>Временных слотов в секунду; в каждом слоте дёргается одна часть</translation>
    </message>
    <message>
        <source>Twitch distance along the normal</source>
        <translation>Амплитуда подёргивания вдоль нормали</translation>
    </message>
    <message>
        <source>Share of the splats that glitch in each slot</source>
        <translation>Доля сплатов, сбоящих в каждом слоте</translation>
    </message>
    <message>
        <source>Siphon</source>
        <translation>Всасывание</translation>
    </message>
    <message>
        <source>Fraction of the splats that spiral into the centre (0 = off)</source>
        <translation>Доля сплатов, уходящих по спирали в центр (0 = выкл.)</translation>
    </message>
    <message>
        <source>cycles/s</source>
        <translation>циклов/с</translation>
    </message>
    <message>
        <source>Spiral cycles per second</source>
        <translation>Циклов спирали в секунду</translation>
    </message>
    <message>
        <source>Turns around the centre per cycle</source>
        <translation>Витков вокруг центра за цикл</translation>
    </message>
    <message>
        <source>Implode</source>
        <translation>Схлопывание</translation>
    </message>
    <message>
        <source>0 = off, 1 = every splat has reached the centre (each starts up to half the way late)</source>
        <translation>0 = выкл., 1 = каждый сплат достиг центра (каждый стартует с задержкой до половины пути)</translation>
    </message>
    <message>
        <source>Assemble</source>
        <translation>Сборка</translation>
    </message>
    <message>
        <source>1 = every splat displaced by up to the spread, 0 = assembled</source>
        <translation>1 = каждый сплат смещён не больше чем на разброс, 0 = собрано</translation>
    </message>
    <message>
        <source>Largest displacement at assemble state 1</source>
        <translation>Наибольшее смещение при состоянии сборки 1</translation>
    </message>
    <message>
        <source>0 = off; panels lift along their normals and occluded splats glow</source>
        <translation>0 = выкл.; панели поднимаются вдоль нормалей, затенённые сплаты светятся</translation>
    </message>
    <message>
        <source>Panel lift at charge 1</source>
        <translation>Подъём панелей при заряде 1</translation>
    </message>
    <message>
        <source>Part transform</source>
        <translation>Преобразование частей</translation>
    </message>
    <message>
        <source>1 applies each part&apos;s rigid transform (pivot, rotation, offset)</source>
        <translation>1 применяет жёсткое преобразование каждой части (опора, поворот, смещение)</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Шкала времени</translation>
    </message>
    <message>
        <source>The effect whose amount the timeline drives (0 → 1 → 0 per loop)</source>
        <translation>Эффект, силой которого управляет шкала времени (0 → 1 → 0 за цикл)</translation>
    </message>
    <message>
        <source>s</source>
        <translation>с</translation>
    </message>
    <message>
        <source>Duration of one 0 → 1 → 0 cycle</source>
        <translation>Длительность одного цикла 0 → 1 → 0</translation>
    </message>
    <message>
        <source>Ripple amplitude at the middle of the loop</source>
        <translation>Амплитуда ряби в середине цикла</translation>
    </message>
    <message>
        <source>Peak rotation of each part about its pivot (alternating direction)</source>
        <translation>Наибольший поворот каждой части вокруг её опоры (направление чередуется)</translation>
    </message>
    <message>
        <source>Peak offset of each part away from the model centre (part 0 stays)</source>
        <translation>Наибольшее смещение каждой части от центра модели (часть 0 на месте)</translation>
    </message>
    <message>
        <source>Radial</source>
        <translation>Радиальный</translation>
    </message>
    <message>
        <source>Ring</source>
        <translation>Кольцо</translation>
    </message>
    <message>
        <source>Firework column</source>
        <translation>Столб фейерверка</translation>
    </message>
    <message>
        <source>Vortex</source>
        <translation>Вихрь</translation>
    </message>
    <message>
        <source>Grey level behind the validation views for the metrics: 0.5 = grey (the usual yardstick), 1 = white</source>
        <translation>Уровень серого за валидационными ракурсами для метрик: 0,5 = серый (обычный эталон), 1 = белый</translation>
    </message>
    <message>
        <source>Weapon profile</source>
        <translation>Профиль оружия</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Имя</translation>
    </message>
    <message>
        <source>Weapon</source>
        <translation>Оружие</translation>
    </message>
    <message>
        <source>Hit kind</source>
        <translation>Тип попадания</translation>
    </message>
    <message>
        <source>shot: narrow band on the struck side; blast: wide; epicenter: radial, tears the top; melee: dent; pierce: spall, channel, exit chunk</source>
        <translation>shot: узкая полоса на поражённой стороне; blast: широкая; epicenter: радиально, срывает верх; melee: вмятина; pierce: откол, канал, кусок на выходе</translation>
    </message>
    <message>
        <source>shot</source>
        <translation>выстрел</translation>
    </message>
    <message>
        <source>blast</source>
        <translation>взрыв</translation>
    </message>
    <message>
        <source>epicenter</source>
        <translation>эпицентр</translation>
    </message>
    <message>
        <source>melee</source>
        <translation>удар</translation>
    </message>
    <message>
        <source>pierce</source>
        <translation>пробитие</translation>
    </message>
    <message>
        <source>Damage</source>
        <translation>Урон</translation>
    </message>
    <message>
        <source>splat layers</source>
        <translation>слоёв сплатов</translation>
    </message>
    <message>
        <source>Slot layers knocked out per hit</source>
        <translation>Слоёв слотов, выбиваемых за попадание</translation>
    </message>
    <message>
        <source>Radius</source>
        <translation>Радиус</translation>
    </message>
    <message>
        <source>Side band</source>
        <translation>Полоса стороны</translation>
    </message>
    <message>
        <source>Depth band on the struck side (projection on the side&apos;s normal)</source>
        <translation>Полоса глубины на поражённой стороне (проекция на нормаль стороны)</translation>
    </message>
    <message>
        <source>Chunk budget</source>
        <translation>Бюджет кусков</translation>
    </message>
    <message>
        <source>Chunks torn off per hit at most</source>
        <translation>Не больше стольких кусков срывается за попадание</translation>
    </message>
    <message>
        <source>Crack share</source>
        <translation>Доля для трещины</translation>
    </message>
    <message>
        <source>Tear share</source>
        <translation>Доля для отрыва</translation>
    </message>
    <message>
        <source>Cascade</source>
        <translation>Каскад</translation>
    </message>
    <message>
        <source>A cracked chunk tears off first on the next hit</source>
        <translation>Треснувший кусок отрывается первым при следующем попадании</translation>
    </message>
    <message>
        <source>Cascade radius</source>
        <translation>Радиус каскада</translation>
    </message>
    <message>
        <source>Chunk speed</source>
        <translation>Скорость кусков</translation>
    </message>
    <message>
        <source>Chunk spin</source>
        <translation>Вращение кусков</translation>
    </message>
    <message>
        <source>rad/s</source>
        <translation>рад/с</translation>
    </message>
    <message>
        <source>Debris share</source>
        <translation>Доля обломков</translation>
    </message>
    <message>
        <source>Debris and heat</source>
        <translation>Обломки и жар</translation>
    </message>
    <message>
        <source>Debris speed</source>
        <translation>Скорость обломков</translation>
    </message>
    <message>
        <source>Cooling</source>
        <translation>Остывание</translation>
    </message>
    <message>
        <source>Black-body cooling: heat(t) = exp(-cooling t)</source>
        <translation>Остывание по чёрному телу: жар(t) = exp(-остывание·t)</translation>
    </message>
    <message>
        <source>Spall radius</source>
        <translation>Радиус откола</translation>
    </message>
    <message>
        <source>Railgun</source>
        <translation>Рейлган</translation>
    </message>
    <message>
        <source>Channel radius</source>
        <translation>Радиус канала</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Выкл.</translation>
    </message>
    <message>
        <source>Boss (6000 splats)</source>
        <translation>Босс (6000 сплатов)</translation>
    </message>
    <message>
        <source>A boss or hero asset: 6000 splats</source>
        <translation>Босс или главный ассет: 6000 сплатов</translation>
    </message>
    <message>
        <source>Small (2000 splats)</source>
        <translation>Малый (2000 сплатов)</translation>
    </message>
    <message>
        <source>A small prop or enemy: 2000 splats</source>
        <translation>Небольшой предмет или враг: 2000 сплатов</translation>
    </message>
    <message>
        <source>Hologram (1800 splats)</source>
        <translation>Голограмма (1800 сплатов)</translation>
    </message>
    <message>
        <source>The hologram stand-in: its own 1800-splat training, exported under &lt;name&gt;-hologram</source>
        <translation>Замена-голограмма: отдельное обучение на 1800 сплатов, экспорт под именем &lt;name&gt;-hologram</translation>
    </message>
    <message>
        <source>splats</source>
        <translation>сплатов</translation>
    </message>
    <message>
        <source>Destruction</source>
        <translation>Разрушение</translation>
    </message>
    <message>
        <source>Onion</source>
        <translation>Слои</translation>
    </message>
    <message>
        <source>Support</source>
        <translation>Опора</translation>
    </message>
    <message>
        <source>Bodies</source>
        <translation>Обломки</translation>
    </message>
    <message>
        <source>Inward blend</source>
        <translation>Смешение внутрь</translation>
    </message>
    <message>
        <source>Layer step</source>
        <translation>Шаг слоя</translation>
    </message>
    <message>
        <source>Min layer step</source>
        <translation>Мин. шаг слоя</translation>
    </message>
    <message>
        <source>Island size</source>
        <translation>Размер островка</translation>
    </message>
    <message>
        <source>Part threshold</source>
        <translation>Порог части</translation>
    </message>
    <message>
        <source>Gravity</source>
        <translation>Гравитация</translation>
    </message>
    <message>
        <source>Floor height</source>
        <translation>Высота пола</translation>
    </message>
    <message>
        <source>Chunk lifetime</source>
        <translation>Время жизни куска</translation>
    </message>
    <message>
        <source>Debris lifetime</source>
        <translation>Время жизни осколков</translation>
    </message>
    <message>
        <source>Debris size</source>
        <translation>Размер осколков</translation>
    </message>
    <message>
        <source>Underside offset</source>
        <translation>Отступ изнанки</translation>
    </message>
    <message>
        <source>Pool capacity</source>
        <translation>Ёмкость пула</translation>
    </message>
    <message>
        <source>Copies per piece</source>
        <translation>Копий на кусок</translation>
    </message>
    <message>
        <source>Piece coverage</source>
        <translation>Покрытие куска</translation>
    </message>
    <message>
        <source>Debris at once</source>
        <translation>Осколков одновременно</translation>
    </message>
    <message>
        <source>model units/s²</source>
        <translation>ед. модели/с²</translation>
    </message>
    <message>
        <source>layer steps</source>
        <translation>шагов слоя</translation>
    </message>
    <message>
        <source>0: layers go along -normal; 1: toward the centroid</source>
        <translation>0: слои идут вдоль −нормали; 1: к центру масс</translation>
    </message>
    <message>
        <source>The bake&apos;s thickness range: attrs.z = 1 means this thick</source>
        <translation>Диапазон толщины запекания: attrs.z = 1 означает такую толщину</translation>
    </message>
    <message>
        <source>Share of the hull thickness per layer</source>
        <translation>Доля толщины корпуса на слой</translation>
    </message>
    <message>
        <source>Layer step where the hull has no thickness (open plates)</source>
        <translation>Шаг слоя там, где у корпуса нет толщины (открытые пластины)</translation>
    </message>
    <message>
        <source>Plating islands up to this many splats tear off</source>
        <translation>Островки обшивки до стольких сплатов отрываются</translation>
    </message>
    <message>
        <source>Share of a part&apos;s splats knocked out that silences it</source>
        <translation>Доля выбитых сплатов части, при которой она умолкает</translation>
    </message>
    <message>
        <source>Pulls torn pieces and debris along -Z</source>
        <translation>Тянет оторванные куски и осколки вдоль −Z</translation>
    </message>
    <message>
        <source>Pieces and debris that fall below this height vanish</source>
        <translation>Куски и осколки ниже этой высоты исчезают</translation>
    </message>
    <message>
        <source>A torn piece flies this long, then vanishes</source>
        <translation>Оторванный кусок летит столько, затем исчезает</translation>
    </message>
    <message>
        <source>A debris splat flies (and cools) this long</source>
        <translation>Осколок летит (и остывает) столько</translation>
    </message>
    <message>
        <source>Debris splats are drawn this much smaller than the splat they came from</source>
        <translation>Осколки рисуются во столько раз меньше сплата, из которого вылетели</translation>
    </message>
    <message>
        <source>How far inside the plating a torn piece&apos;s underside copies sit</source>
        <translation>Насколько глубже обшивки лежат копии изнанки оторванного куска</translation>
    </message>
    <message>
        <source>Debris and piece copies alive at once (extra instances drawn every frame)</source>
        <translation>Осколков и копий кусков одновременно (лишние экземпляры в каждом кадре)</translation>
    </message>
    <message>
        <source>A torn piece is drawn with at most this many plating copies (half as many underside), each larger</source>
        <translation>Оторванный кусок рисуется не более чем стольким числом копий обшивки (изнанки — вдвое меньше), каждая крупнее</translation>
    </message>
    <message>
        <source>A torn piece&apos;s copies together cover this many times its surface (never more than its splats did)</source>
        <translation>Копии оторванного куска вместе покрывают его поверхность столько раз (не больше, чем его сплаты)</translation>
    </message>
    <message>
        <source>At most this many white-hot debris splats fly at once</source>
        <translation>Не больше стольких раскалённых осколков летят одновременно</translation>
    </message>
    <message>
        <source>Emission from</source>
        <translation>Источник свечения</translation>
    </message>
    <message>
        <source>auto: the model&apos;s emissive materials when it has any, else the rarest bright colours</source>
        <translation>авто: излучающие материалы модели, если они есть, иначе самые редкие яркие цвета</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>авто</translation>
    </message>
    <message>
        <source>materials</source>
        <translation>материалы</translation>
    </message>
    <message>
        <source>rarity</source>
        <translation>редкость цвета</translation>
    </message>
    <message>
        <source>off</source>
        <translation>выкл.</translation>
    </message>
    <message>
        <source>Emission min brightness</source>
        <translation>Мин. яркость свечения</translation>
    </message>
    <message>
        <source>Only colours at least this bright (HSV value) light up: a rare dark or mid-tone colour is paint</source>
        <translation>Светятся только цвета не темнее этого (V в HSV): редкий тёмный или средний по яркости цвет — это краска</translation>
    </message>
    <message>
        <source>Wind</source>
        <translation>Ветер</translation>
    </message>
    <message>
        <source>Off: calm, every plant stands still</source>
        <translation>Выключен: штиль, все растения стоят неподвижно</translation>
    </message>
    <message>
        <source>Direction x</source>
        <translation>Направление x</translation>
    </message>
    <message>
        <source>Wind direction on the ground (x, y); normalised</source>
        <translation>Направление ветра по земле (x, y); нормализуется</translation>
    </message>
    <message>
        <source>Direction y</source>
        <translation>Направление y</translation>
    </message>
    <message>
        <source>m/s</source>
        <translation>м/с</translation>
    </message>
    <message>
        <source>Steady lean of the plants and how fast the wind field drifts; 0 = still</source>
        <translation>Постоянный наклон растений и скорость дрейфа поля ветра; 0 = неподвижно</translation>
    </message>
    <message>
        <source>Turbulence</source>
        <translation>Турбулентность</translation>
    </message>
    <message>
        <source>Random share of speed: how far a plant strays from the mean wind</source>
        <translation>Случайная доля скорости: насколько растение отклоняется от среднего ветра</translation>
    </message>
    <message>
        <source>Gust</source>
        <translation>Порывы</translation>
    </message>
    <message>
        <source>Strength of the gusts</source>
        <translation>Сила порывов</translation>
    </message>
    <message>
        <source>Gust speed</source>
        <translation>Скорость порывов</translation>
    </message>
    <message>
        <source>How fast the gust pattern crosses the level</source>
        <translation>Как быстро узор порывов проходит по уровню</translation>
    </message>
    <message>
        <source>Calm</source>
        <translation>Штиль</translation>
    </message>
    <message>
        <source>A light air: plants barely lean</source>
        <translation>Тихий ветер: растения едва наклоняются</translation>
    </message>
    <message>
        <source>Breeze</source>
        <translation>Бриз</translation>
    </message>
    <message>
        <source>The seed&apos;s defaults</source>
        <translation>Значения по умолчанию из спецификации</translation>
    </message>
    <message>
        <source>Storm</source>
        <translation>Буря</translation>
    </message>
    <message>
        <source>Strong wind with heavy gusts</source>
        <translation>Сильный ветер с мощными порывами</translation>
    </message>
    <message>
        <source>Foliage look</source>
        <translation>Вид растительности</translation>
    </message>
    <message>
        <source>Motion</source>
        <translation>Движение</translation>
    </message>
    <message>
        <source>Look</source>
        <translation>Вид</translation>
    </message>
    <message>
        <source>Touch</source>
        <translation>Касание</translation>
    </message>
    <message>
        <source>m</source>
        <translation>м</translation>
    </message>
    <message>
        <source>How far a small plant&apos;s tip leans away from a bender at its centre; 0 = no touch</source>
        <translation>Насколько верхушка небольшого растения отклоняется от изгибателя в его центре; 0 = без касания</translation>
    </message>
    <message>
        <source>Shiver</source>
        <translation>Дрожь</translation>
    </message>
    <message>
        <source>Multiplies each material&apos;s shiver drag (the leaves&apos; own motion); 0 = none</source>
        <translation>Множитель дрожи каждого материала (собственное движение листьев); 0 = нет</translation>
    </message>
    <message>
        <source>Hue variation</source>
        <translation>Разброс оттенка</translation>
    </message>
    <message>
        <source>Hue drift per copy, from a hash of the copy&apos;s position</source>
        <translation>Сдвиг оттенка каждой копии по хешу её положения</translation>
    </message>
    <message>
        <source>Sun wrap</source>
        <translation>Обёртка солнца</translation>
    </message>
    <message>
        <source>Wrapped sun light (thin leaves pass light)</source>
        <translation>Обёрнутый солнечный свет (тонкие листья пропускают свет)</translation>
    </message>
    <message>
        <source>Translucency</source>
        <translation>Просвечивание</translation>
    </message>
    <message>
        <source>Sun through a thin back-lit leaf</source>
        <translation>Солнце сквозь тонкий лист в контровом свете</translation>
    </message>
    <message>
        <source>Leaf shadow</source>
        <translation>Тень листьев</translation>
    </message>
    <message>
        <source>Share of a light&apos;s shadow a leaf card takes (bark takes all of it)</source>
        <translation>Доля тени источника, которую принимает карточка листа (кора принимает всю)</translation>
    </message>
    <message>
        <source>Sky AO</source>
        <translation>Затенение неба</translation>
    </message>
    <message>
        <source>How much baked sky visibility darkens ambient</source>
        <translation>Насколько запечённая видимость неба затемняет рассеянный свет</translation>
    </message>
    <message>
        <source>Canopy</source>
        <translation>Крона</translation>
    </message>
    <message>
        <source>Card shading normal: its own plane (0) .. the crown&apos;s hull (1)</source>
        <translation>Нормаль шейдинга карточки: её плоскость (0) … оболочка кроны (1)</translation>
    </message>
    <message>
        <source>Normal map</source>
        <translation>Карта нормалей</translation>
    </message>
    <message>
        <source>Strength of the cards&apos; normal maps</source>
        <translation>Сила карт нормалей карточек</translation>
    </message>
    <message>
        <source>Edge fade</source>
        <translation>Растворение с ребра</translation>
    </message>
    <message>
        <source>An edge-on card dissolves over this share of |N·V|; 0 = none</source>
        <translation>Карточка, видимая с ребра, растворяется на этой доле |N·V|; 0 = нет</translation>
    </message>
    <message>
        <source>Coverage</source>
        <translation>Плотность</translation>
    </message>
    <message>
        <source>alpha × (1 + coverage × mip level): distant crowns keep their density</source>
        <translation>альфа × (1 + плотность × уровень mip): далёкие кроны не редеют</translation>
    </message>
    <message>
        <source>Benders</source>
        <translation>Изгибатели</translation>
    </message>
    <message>
        <source>A bender pushes plants whose footprint is within this distance</source>
        <translation>Изгибатель раздвигает растения, чей отпечаток ближе этого расстояния</translation>
    </message>
    <message>
        <source>Full lean under</source>
        <translation>Полный наклон ниже</translation>
    </message>
    <message>
        <source>Plants up to this height lean fully</source>
        <translation>Растения до этой высоты наклоняются полностью</translation>
    </message>
    <message>
        <source>No lean from</source>
        <translation>Без наклона от</translation>
    </message>
    <message>
        <source>The lean fades to nothing by this plant height (a tree does not twist)</source>
        <translation>Наклон затухает до нуля к этой высоте растения (дерево не скручивается)</translation>
    </message>
    <message>
        <source>Velocity smoothing</source>
        <translation>Сглаживание скорости</translation>
    </message>
    <message>
        <source>Time constant of a bender&apos;s velocity</source>
        <translation>Постоянная времени скорости изгибателя</translation>
    </message>
    <message>
        <source>Benders acting</source>
        <translation>Действующих изгибателей</translation>
    </message>
    <message>
        <source>Only this many benders nearest the camera act each frame</source>
        <translation>В каждом кадре действуют только столько ближайших к камере изгибателей</translation>
    </message>
    <message>
        <source>Foliage preview</source>
        <translation>Предпросмотр растительности</translation>
    </message>
    <message>
        <source>Copies</source>
        <translation>Копии</translation>
    </message>
    <message>
        <source>Fade</source>
        <translation>Растворение</translation>
    </message>
    <message>
        <source>Foliage</source>
        <translation>Растительность</translation>
    </message>
    <message>
        <source>Show the open model in the viewport as foliage: scattered copies in the wind</source>
        <translation>Показать открытую модель во вьюпорте как растительность: разбросанные копии на ветру</translation>
    </message>
    <message>
        <source>How many copies are scattered on the ground</source>
        <translation>Сколько копий разбросано по земле</translation>
    </message>
    <message>
        <source>Scatter seed: another seed, other places</source>
        <translation>Зерно разброса: другое зерно — другие места</translation>
    </message>
    <message>
        <source>Area</source>
        <translation>Площадь</translation>
    </message>
    <message>
        <source>Side of the square the copies are scattered over</source>
        <translation>Сторона квадрата, по которому разбросаны копии</translation>
    </message>
    <message>
        <source>Fade start</source>
        <translation>Начало растворения</translation>
    </message>
    <message>
        <source>Distance from the camera where the copies start to thin out</source>
        <translation>Расстояние от камеры, где копии начинают редеть</translation>
    </message>
    <message>
        <source>Fade end</source>
        <translation>Конец растворения</translation>
    </message>
    <message>
        <source>Distance where the copies are gone; 0 = no fade</source>
        <translation>Расстояние, где копий уже нет; 0 = без растворения</translation>
    </message>
    <message>
        <source>Trim cards</source>
        <translation>Обрезка карточек</translation>
    </message>
    <message>
        <source>Trim</source>
        <translation>Обрезать</translation>
    </message>
    <message>
        <source>Margin</source>
        <translation>Запас</translation>
    </message>
    <message>
        <source>texels</source>
        <translation>тексели</translation>
    </message>
    <message>
        <source>Texels kept around the texels at or above the alpha cutoff</source>
        <translation>Сколько текселей оставить вокруг текселей с альфой не ниже порога</translation>
    </message>
    <message>
        <source>Subdivide</source>
        <translation>Деление</translation>
    </message>
    <message>
        <source>Midpoint splits of each triangle of a card that is not a quad before trimming (more triangles, a tighter cut)</source>
        <translation>Сколько раз делить пополам стороны каждого треугольника карточки, которая не четырёхугольник, перед обрезкой (больше треугольников, плотнее обрезка)</translation>
    </message>
    <message>
        <source>Mip levels</source>
        <translation>Уровни MIP</translation>
    </message>
    <message>
        <source>Mip levels whose texels at or above the cutoff are kept too, so cards drawn that far look the same (0: full-resolution texels only, the tightest cut; far cards lose thickening)</source>
        <translation>Уровни MIP, чьи тексели с альфой не ниже порога тоже сохраняются, чтобы карточки на таком расстоянии выглядели так же (0: только тексели полного разрешения, самая плотная обрезка; дальние карточки теряют утолщение)</translation>
    </message>
    <message>
        <source>View mip</source>
        <translation>MIP вида</translation>
    </message>
    <message>
        <source>Mip level the cards are drawn at (a pixel spans 2^N texels): each quad or triangle is kept whole or cut, whichever touches fewer 4x4-pixel blocks there; -1 always cuts</source>
        <translation>Уровень MIP, на котором рисуются карточки (пиксель покрывает 2^N текселей): каждый четырёхугольник или треугольник остаётся целым или обрезается — что задевает меньше блоков 4×4 пикселя; −1: всегда обрезать</translation>
    </message>
    <message>
        <source>Units scale</source>
        <translation>Масштаб единиц</translation>
    </message>
    <message>
        <source>Metres per unit of the asset (a cloud trained from a normalised model is in its normalised units); 0 = from the model&apos;s normalisation when known, else 1</source>
        <translation>Метров на единицу ассета (облако, обученное по нормализованной модели, — в её нормализованных единицах); 0 = по нормализации модели, если она известна, иначе 1</translation>
    </message>
    <message>
        <source>m per unit</source>
        <translation>м на единицу</translation>
    </message>
</context>
<context>
    <name>sw::editor::AutosaveController</name>
    <message>
        <source>Restore unsaved work</source>
        <translation>Восстановить несохранённую работу</translation>
    </message>
    <message>
        <source>Splatwright did not quit cleanly last time. Unsaved changes to %1 were autosaved at %2.
Restore them? (Discard deletes the autosave; the project file stays as it was saved.)</source>
        <translation>В прошлый раз Splatwright завершился некорректно. Несохранённые изменения %1 были автоматически сохранены в %2.
Восстановить их? (Отказ удалит автосохранение; файл проекта останется таким, каким был сохранён.)</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>Восстановить</translation>
    </message>
</context>
<context>
    <name>sw::editor::BakeController</name>
    <message>
        <source>%1 splats: press Re-run to find floaters.</source>
        <translation>Сплатов: %1. Нажмите «Повторить», чтобы найти флоатеры.</translation>
    </message>
    <message>
        <source>No splat cloud: open one (File ▸ Open Splat Cloud…) or train.</source>
        <translation>Нет облака сплатов: откройте его (Файл ▸ Открыть облако сплатов…) или обучите.</translation>
    </message>
    <message>
        <source>Opening %1</source>
        <translation>Открытие %1</translation>
    </message>
    <message>
        <source>Cannot open splat file</source>
        <translation>Не удалось открыть файл сплатов</translation>
    </message>
    <message>
        <source>Finding floaters</source>
        <translation>Поиск флоатеров</translation>
    </message>
    <message>
        <source>Cannot find floaters</source>
        <translation>Не удалось найти флоатеры</translation>
    </message>
    <message>
        <source>Export Folder</source>
        <translation>Папка экспорта</translation>
    </message>
    <message>
        <source>Cannot bake</source>
        <translation>Не удалось запечь</translation>
    </message>
    <message>
        <source>Baking and exporting</source>
        <translation>Запекание и экспорт</translation>
    </message>
    <message>
        <source>Baking</source>
        <translation>Запекание</translation>
    </message>
    <message>
        <source>Exporting into %1</source>
        <translation>Экспорт в %1</translation>
    </message>
    <message>
        <source>Cannot export</source>
        <translation>Не удалось экспортировать</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Отменено</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n splat(s)</source>
        <translation>
            <numerusform>Удалить %n сплат</numerusform>
            <numerusform>Удалить %n сплата</numerusform>
            <numerusform>Удалить %n сплатов</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Crop to box (%n splat(s) removed)</source>
        <translation>
            <numerusform>Обрезка по рамке (удалён %n сплат)</numerusform>
            <numerusform>Обрезка по рамке (удалено %n сплата)</numerusform>
            <numerusform>Обрезка по рамке (удалено %n сплатов)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Keep %n splat(s)</source>
        <translation>
            <numerusform>Оставить %n сплат</numerusform>
            <numerusform>Оставить %n сплата</numerusform>
            <numerusform>Оставить %n сплатов</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Hide %n splat(s)</source>
        <translation>
            <numerusform>Скрыть %n сплат</numerusform>
            <numerusform>Скрыть %n сплата</numerusform>
            <numerusform>Скрыть %n сплатов</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Show %n splat(s)</source>
        <translation>
            <numerusform>Показать %n сплат</numerusform>
            <numerusform>Показать %n сплата</numerusform>
            <numerusform>Показать %n сплатов</numerusform>
        </translation>
    </message>
    <message>
        <source>The selected splats are not in the view</source>
        <translation>Выбранных сплатов нет в виде</translation>
    </message>
    <message numerus="yes">
        <source>%n floater(s) removed</source>
        <translation>
            <numerusform>удалён %n флоатер</numerusform>
            <numerusform>удалено %n флоатера</numerusform>
            <numerusform>удалено %n флоатеров</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n chunk(s)</source>
        <translation>
            <numerusform>%n чанк</numerusform>
            <numerusform>%n чанка</numerusform>
            <numerusform>%n чанков</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Baked: %n splat(s) in the game model</source>
        <translation>
            <numerusform>Запечено: %n сплат в игровой модели</numerusform>
            <numerusform>Запечено: %n сплата в игровой модели</numerusform>
            <numerusform>Запечено: %n сплатов в игровой модели</numerusform>
        </translation>
    </message>
    <message>
        <source>The bake removed the selected splats: the view shows where they were</source>
        <translation>Запекание удалило выбранные сплаты: вид показывает, где они были</translation>
    </message>
</context>
<context>
    <name>sw::editor::DatasetController</name>
    <message>
        <source>Cannot render the dataset</source>
        <translation>Не удалось отрендерить датасет</translation>
    </message>
    <message>
        <source>No writable cache folder; choose an output folder.</source>
        <translation>Нет доступной для записи папки кэша; выберите папку вывода.</translation>
    </message>
    <message>
        <source>Rendering the dataset</source>
        <translation>Рендеринг датасета</translation>
    </message>
    <message>
        <source>%1 train, %2 val, %3 test views (lighting %4 s, render %5 s, PNG %6 s)</source>
        <translation>Видов: %1 обучающих, %2 валидационных, %3 тестовых (освещение %4 с, рендер %5 с, PNG %6 с)</translation>
    </message>
</context>
<context>
    <name>sw::editor::FoliageTrimController</name>
    <message>
        <source>Trim Cards</source>
        <translation>Обрезка карточек</translation>
    </message>
    <message>
        <source>Cuts each alpha-masked card of %1 to its opaque texels and writes the result as a new model; %1 itself is not changed.</source>
        <translation>Обрезает каждую карточку с альфа-маской в %1 по её непрозрачным текселям и записывает результат как новую модель; сама %1 не меняется.</translation>
    </message>
    <message>
        <source>Write to</source>
        <translation>Записать в</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Обзор…</translation>
    </message>
    <message>
        <source>Trimmed model</source>
        <translation>Обрезанная модель</translation>
    </message>
    <message>
        <source>glTF binary (*.glb)</source>
        <translation>glTF binary (*.glb)</translation>
    </message>
    <message>
        <source>Trim</source>
        <translation>Обрезать</translation>
    </message>
    <message>
        <source>Cannot trim the cards</source>
        <translation>Не удалось обрезать карточки</translation>
    </message>
    <message>
        <source>Choose the file to write the trimmed model to.</source>
        <translation>Выберите файл, в который записать обрезанную модель.</translation>
    </message>
    <message>
        <source>Trimming the cards of %1</source>
        <translation>Обрезка карточек %1</translation>
    </message>
    <message>
        <source>Cards trimmed: %1 % of their area cut; wrote %2</source>
        <translation>Карточки обрезаны: срезано %1 % их площади; записан %2</translation>
    </message>
    <message>
        <source>A trim is already running.</source>
        <translation>Обрезка уже идёт.</translation>
    </message>
</context>
<context>
    <name>sw::editor::MainWindow</name>
    <message>
        <source>&amp;Fly Camera</source>
        <translation>&amp;Свободная камера</translation>
    </message>
    <message>
        <source>Open &amp;Scan…</source>
        <translation>Открыть &amp;скан…</translation>
    </message>
    <message>
        <source>Opens a large scan: an LOD folder streams its levels of detail within the memory budget; any other splat file is drawn whole</source>
        <translation>Открывает большой скан: папка LOD подгружает уровни детализации в пределах бюджета памяти; любой другой файл сплатов рисуется целиком</translation>
    </message>
    <message>
        <source>Build &amp;LOD…</source>
        <translation>Построить &amp;LOD…</translation>
    </message>
    <message>
        <source>Builds the levels of detail of a scan into a new LOD folder</source>
        <translation>Строит уровни детализации скана в новую папку LOD</translation>
    </message>
    <message>
        <source>W/S forward and back, A/D sideways, Q/E down and up; drag to look around; the wheel sets the speed</source>
        <translation>W/S — вперёд и назад, A/D — вбок, Q/E — вниз и вверх; перетаскивание — осмотреться; колесо задаёт скорость</translation>
    </message>
    <message>
        <source>Scan &amp;HUD</source>
        <translation>&amp;Панель данных скана</translation>
    </message>
    <message>
        <source>LOD False &amp;Colour</source>
        <translation>&amp;Цвета уровней LOD</translation>
    </message>
    <message>
        <source>Draws each chunk of a scan in the colour of its level of detail: the finest white, then red, orange, yellow, green, cyan, blue, magenta</source>
        <translation>Рисует каждый чанк скана цветом его уровня детализации: самый подробный белым, затем красным, оранжевым, жёлтым, зелёным, голубым, синим, пурпурным</translation>
    </message>
    <message>
        <source>Scan</source>
        <translation>Скан</translation>
    </message>
    <message>
        <source>Splatwright</source>
        <translation>Splatwright</translation>
    </message>
    <message>
        <source>Viewport</source>
        <translation>Вьюпорт</translation>
    </message>
    <message>
        <source>Re-import</source>
        <translation>Импортировать заново</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>Импорт</translation>
    </message>
    <message>
        <source>Generate</source>
        <translation>Сгенерировать</translation>
    </message>
    <message>
        <source>Demo drone</source>
        <translation>Демо-дрон</translation>
    </message>
    <message>
        <source>Open a model to see its import report.</source>
        <translation>Откройте модель, чтобы увидеть отчёт об импорте.</translation>
    </message>
    <message>
        <source>Import report</source>
        <translation>Отчёт об импорте</translation>
    </message>
    <message>
        <source>&amp;Open Model…</source>
        <translation>&amp;Открыть модель…</translation>
    </message>
    <message>
        <source>Open &amp;Demo Drone</source>
        <translation>Открыть &amp;демо-дрон</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Выход</translation>
    </message>
    <message>
        <source>&amp;Orbit Camera</source>
        <translation>&amp;Орбитальная камера</translation>
    </message>
    <message>
        <source>&amp;Grey Background</source>
        <translation>&amp;Серый фон</translation>
    </message>
    <message>
        <source>&amp;Black Background</source>
        <translation>&amp;Чёрный фон</translation>
    </message>
    <message>
        <source>Round &amp;Splats (Alpha-to-Coverage)</source>
        <translation>Круглые &amp;сплаты (alpha-to-coverage)</translation>
    </message>
    <message>
        <source>The game&apos;s optional alpha-to-coverage splats: one triangle per core splat cut to its shape by coverage (about twice as fast on software OpenGL); off: the polygon fans, the default look. The game-scale views follow.</source>
        <translation>Необязательные сплаты игры с alpha-to-coverage: один треугольник на сплат ядра, обрезанный до его формы покрытием (примерно вдвое быстрее на программном OpenGL); выкл.: многоугольные веера, вид по умолчанию. Виды в игровом масштабе следуют за ним.</translation>
    </message>
    <message>
        <source>&amp;Reset View</source>
        <translation>С&amp;бросить вид</translation>
    </message>
    <message>
        <source>&amp;About Splatwright</source>
        <translation>&amp;О программе Splatwright</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Файл</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Недавние файлы</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Вид</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Справка</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>Основная</translation>
    </message>
    <message>
        <source>About Splatwright</source>
        <translation>О программе Splatwright</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Splatwright %1&lt;/h3&gt;&lt;p&gt;Turns textured game models into budgeted, destructible Gaussian-splat assets.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Splatwright %1&lt;/h3&gt;&lt;p&gt;Превращает текстурированные игровые модели в разрушаемые ассеты из гауссовых сплатов с заданным бюджетом.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Open Model</source>
        <translation>Открыть модель</translation>
    </message>
    <message>
        <source>Models (*.glb *.gltf *.fbx *.obj);;All files (*)</source>
        <translation>Модели (*.glb *.gltf *.fbx *.obj);;Все файлы (*)</translation>
    </message>
    <message>
        <source>&amp;New Project from Model…</source>
        <translation>&amp;Новый проект из модели…</translation>
    </message>
    <message>
        <source>Open &amp;Project…</source>
        <translation>Открыть &amp;проект…</translation>
    </message>
    <message>
        <source>&amp;Save Project</source>
        <translation>&amp;Сохранить проект</translation>
    </message>
    <message>
        <source>Save Project &amp;As…</source>
        <translation>Сохранить проект &amp;как…</translation>
    </message>
    <message>
        <source>Camera &amp;Markers</source>
        <translation>&amp;Маркеры камер</translation>
    </message>
    <message>
        <source>&amp;Part Colours</source>
        <translation>Цвета &amp;частей</translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation>Датасет</translation>
    </message>
    <message>
        <source>Parts</source>
        <translation>Части</translation>
    </message>
    <message>
        <source>Frames</source>
        <translation>Кадры</translation>
    </message>
    <message>
        <source>New Project from Model</source>
        <translation>Новый проект из модели</translation>
    </message>
    <message>
        <source>Save New Project</source>
        <translation>Сохранить новый проект</translation>
    </message>
    <message>
        <source>Splatwright projects (*.splatproj)</source>
        <translation>Проекты Splatwright (*.splatproj)</translation>
    </message>
    <message>
        <source>Open Project</source>
        <translation>Открыть проект</translation>
    </message>
    <message>
        <source>Save Project As</source>
        <translation>Сохранить проект как</translation>
    </message>
    <message>
        <source>Bake</source>
        <translation>Запекание</translation>
    </message>
    <message>
        <source>Floaters</source>
        <translation>Флоатеры</translation>
    </message>
    <message>
        <source>Recipes</source>
        <translation>Рецепты</translation>
    </message>
    <message>
        <source>Open Splat &amp;Cloud…</source>
        <translation>Открыть &amp;облако сплатов…</translation>
    </message>
    <message>
        <source>Open Splat Cloud</source>
        <translation>Открыть облако сплатов</translation>
    </message>
    <message>
        <source>Splat files (*.ply *.spz *.splat *.sog meta.json lod-meta.json *.bin);;All files (*)</source>
        <translation>Файлы сплатов (*.ply *.spz *.splat *.sog meta.json lod-meta.json *.bin);;Все файлы (*)</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>&amp;Экспорт</translation>
    </message>
    <message>
        <source>Bake when needed and write the game files into the export folder (Ctrl+E)</source>
        <translation>Запечь при необходимости и записать игровые файлы в папку экспорта (Ctrl+E)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Отменить</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Повторить</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Правка</translation>
    </message>
    <message>
        <source>View</source>
        <translation>Вид</translation>
    </message>
    <message>
        <source>Effects</source>
        <translation>Эффекты</translation>
    </message>
    <message>
        <source>Game scale</source>
        <translation>Игровой масштаб</translation>
    </message>
    <message>
        <source>A training run is going: quitting cancels it (its last checkpoint stays).</source>
        <translation>Идёт обучение: выход отменит его (последняя контрольная точка сохранится).</translation>
    </message>
    <message>
        <source>The project has unsaved changes.</source>
        <translation>В проекте есть несохранённые изменения.</translation>
    </message>
    <message>
        <source>Quit Splatwright</source>
        <translation>Выход из Splatwright</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Выйти</translation>
    </message>
    <message>
        <source>Destruction</source>
        <translation>Разрушение</translation>
    </message>
    <message>
        <source>Selection</source>
        <translation>Выделение</translation>
    </message>
    <message>
        <source>A&amp;utosave</source>
        <translation>&amp;Автосохранение</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Выключено</translation>
    </message>
    <message numerus="yes">
        <source>Every %n minute(s)</source>
        <translation>
            <numerusform>Каждую %n минуту</numerusform>
            <numerusform>Каждые %n минуты</numerusform>
            <numerusform>Каждые %n минут</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Game Camera</source>
        <translation>&amp;Игровая камера</translation>
    </message>
    <message>
        <source>Reset &amp;Layout</source>
        <translation>Сбросить &amp;раскладку</translation>
    </message>
    <message>
        <source>Put every panel back where it starts: two tab groups on the right, the log and the look under the viewport</source>
        <translation>Вернуть все панели на исходные места: две группы вкладок справа, журнал и просмотр результата под видом</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Язык</translation>
    </message>
    <message>
        <source>%1 does not look like a training of %2: %3 % of its splats lie within the model, at %4 times its size.

Open it on its own (the model closes), or judge it against %2 (its floater scan and bake use the model&apos;s mesh)?</source>
        <translation>%1 не похоже на обучение модели %2: внутри модели лежит %3 % его сплатов, а размер — ×%4 от её размера.

Открыть его отдельно (модель закроется) или оценивать по %2 (поиск флоатеров и запекание используют меш модели)?</translation>
    </message>
    <message>
        <source>The project has unsaved changes: you are asked to save them first.</source>
        <translation>В проекте есть несохранённые изменения: сначала будет предложено их сохранить.</translation>
    </message>
    <message>
        <source>Open on Its Own</source>
        <translation>Открыть отдельно</translation>
    </message>
    <message>
        <source>Judge Against the Model</source>
        <translation>Оценивать по модели</translation>
    </message>
    <message>
        <source>A training run is going on the model: wait for it or cancel it first.</source>
        <translation>На модели идёт обучение: дождитесь его окончания или сначала отмените его.</translation>
    </message>
    <message>
        <source>Foliage</source>
        <translation>Растительность</translation>
    </message>
</context>
<context>
    <name>sw::editor::ModelStatus</name>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>%1 triangles</source>
        <translation>Треугольников: %1</translation>
    </message>
    <message>
        <source>%1 components</source>
        <translation>Компонент: %1</translation>
    </message>
    <message>
        <source>flipped: %1 components, %2 faces</source>
        <translation>перевёрнуто: компонент %1, граней %2</translation>
    </message>
    <message>
        <source>No model</source>
        <translation>Нет модели</translation>
    </message>
    <message>
        <source>frame %1 ms</source>
        <translation>кадр %1 мс</translation>
    </message>
</context>
<context>
    <name>sw::editor::ProjectController</name>
    <message>
        <source>Importing %1</source>
        <translation>Импорт %1</translation>
    </message>
    <message>
        <source>Cannot open the demo drone</source>
        <translation>Не удалось открыть демо-дрон</translation>
    </message>
    <message>
        <source>Cannot generate the demo drone</source>
        <translation>Не удалось сгенерировать демо-дрон</translation>
    </message>
    <message>
        <source>Generating the demo drone</source>
        <translation>Генерация демо-дрона</translation>
    </message>
    <message>
        <source>Cannot open model</source>
        <translation>Не удалось открыть модель</translation>
    </message>
    <message>
        <source>%1 — Splatwright</source>
        <translation>%1 — Splatwright</translation>
    </message>
    <message>
        <source>Cannot create the project</source>
        <translation>Не удалось создать проект</translation>
    </message>
    <message>
        <source>Cannot open the project</source>
        <translation>Не удалось открыть проект</translation>
    </message>
    <message>
        <source>Cannot save the project</source>
        <translation>Не удалось сохранить проект</translation>
    </message>
    <message>
        <source>Open a model first.</source>
        <translation>Сначала откройте модель.</translation>
    </message>
    <message>
        <source>Open Model</source>
        <translation>Открыть модель</translation>
    </message>
    <message>
        <source>A training run is going on the current model. Open %1 anyway? The run goes on; its cloud stays with the current model&apos;s run folder.</source>
        <translation>Идёт обучение на текущей модели. Всё равно открыть %1? Обучение продолжится; его облако останется в папке запуска текущей модели.</translation>
    </message>
    <message>
        <source>Rename parts</source>
        <translation>Переименование частей</translation>
    </message>
    <message numerus="yes">
        <source>Assign %n face(s) to %1</source>
        <translation>
            <numerusform>Назначить %n грань части %1</numerusform>
            <numerusform>Назначить %n грани части %1</numerusform>
            <numerusform>Назначить %n граней части %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Splatwright</source>
        <translation>Splatwright</translation>
    </message>
    <message>
        <source>A training run is writing into %1: save when it ends (or cancel it), so that the run comes into the project&apos;s cache.</source>
        <translation>Обучение записывает в %1: сохраните, когда оно закончится (или отмените его), чтобы запуск попал в кэш проекта.</translation>
    </message>
</context>
<context>
    <name>sw::editor::RecentFiles</name>
    <message>
        <source>Clear List</source>
        <translation>Очистить список</translation>
    </message>
</context>
<context>
    <name>sw::editor::SelectionController</name>
    <message>
        <source>Selected: %1 of %2 splats</source>
        <translation>Выделено: %1 из %2 сплатов</translation>
    </message>
</context>
<context>
    <name>sw::editor::TrainingDock</name>
    <message>
        <source>Training</source>
        <translation>Обучение</translation>
    </message>
    <message>
        <source>Cancelled while rendering the dataset.</source>
        <translation>Отменено во время рендеринга датасета.</translation>
    </message>
    <message>
        <source>Cannot render the dataset to train on: %1</source>
        <translation>Не удалось отрендерить датасет для обучения: %1</translation>
    </message>
    <message>
        <source>No dataset to train on: open a model (Start renders its dataset first) or render a dataset.</source>
        <translation>Нет датасета для обучения: откройте модель («Старт» сначала отрендерит её датасет) или отрендерите датасет.</translation>
    </message>
    <message>
        <source>Cannot render the dataset to train on; see the log.</source>
        <translation>Не удалось отрендерить датасет для обучения; см. журнал.</translation>
    </message>
    <message>
        <source>Rendering the dataset first, then training…</source>
        <translation>Сначала рендеринг датасета, затем обучение…</translation>
    </message>
    <message>
        <source>Busy: a training run is going; cancel it first.</source>
        <translation>Занято: идёт обучение; сначала отмените его.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Trained %1 splats in %2 s (relocated %3, added %4) → %5</source>
        <translation>Обучено сплатов: %1 за %2 с (перемещено %3, добавлено %4) → %5</translation>
    </message>
    <message>
        <source>Cancelled; Resume continues from the checkpoint at step %1.</source>
        <translation>Отменено; «Продолжить» продолжит с контрольной точки на шаге %1.</translation>
    </message>
    <message>
        <source>Cancelled before the first checkpoint.</source>
        <translation>Отменено до первой контрольной точки.</translation>
    </message>
    <message>
        <source>Resumed with the checkpoint&apos;s settings (%1 changed; see the log).</source>
        <translation>Продолжено с настройками контрольной точки (изменено: %1; см. журнал).</translation>
    </message>
    <message>
        <source>Resuming the training</source>
        <translation>Продолжение обучения</translation>
    </message>
    <message>
        <source>The checkpoint at step %1 was trained on an earlier render of the dataset</source>
        <translation>Контрольная точка на шаге %1 обучена на более раннем рендере датасета</translation>
    </message>
    <message>
        <source>Start a new run? It replaces the checkpoint at step %1 (Resume continues that run).</source>
        <translation>Начать новый запуск? Он заменит контрольную точку на шаге %1 («Продолжить» продолжает тот запуск).</translation>
    </message>
    <message>
        <source>No checkpoint of this run yet: cancelling loses its steps. Cancel the training?</source>
        <translation>У этого запуска ещё нет контрольной точки: при отмене его шаги пропадут. Отменить обучение?</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Отменено</translation>
    </message>
</context>
<context>
    <name>sw::widgets::BakePanel</name>
    <message>
        <source>Bake or export to see the report.</source>
        <translation>Запеките или экспортируйте, чтобы увидеть отчёт.</translation>
    </message>
    <message>
        <source>Bake</source>
        <translation>Запекание</translation>
    </message>
    <message>
        <source>Bake the current cloud against the current model (floaters, split, channels, materials, chunks)</source>
        <translation>Запечь текущее облако по текущей модели (флоатеры, разделение, каналы, материалы, чанки)</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Экспорт</translation>
    </message>
    <message>
        <source>Write the game files into the export folder (baking first when needed)</source>
        <translation>Записать игровые файлы в папку экспорта (при необходимости сначала запечь)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
</context>
<context>
    <name>sw::widgets::DatasetPanel</name>
    <message>
        <source>The project&apos;s cache folder</source>
        <translation>Папка кэша проекта</translation>
    </message>
    <message>
        <source>Render Dataset</source>
        <translation>Отрендерить датасет</translation>
    </message>
    <message>
        <source>Material colours (HSV)</source>
        <translation>Цвета материалов (HSV)</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Выбрать…</translation>
    </message>
    <message>
        <source>Dataset Folder</source>
        <translation>Папка датасета</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>Вывод</translation>
    </message>
    <message>
        <source>Above %1 (%2 &gt; %3): lower this or raise %1.</source>
        <translation>Выше, чем «%1» (%2 &gt; %3): уменьшите это значение или увеличьте «%1».</translation>
    </message>
    <message>
        <source>A dataset is being rendered: wait for it or cancel it.</source>
        <translation>Датасет рендерится: дождитесь окончания или отмените.</translation>
    </message>
    <message>
        <source>Fix the setting marked in red first.</source>
        <translation>Сначала исправьте параметр, отмеченный красным.</translation>
    </message>
    <message>
        <source>Render the training, validation and test views of the open model into the output folder.</source>
        <translation>Отрендерить обучающие, валидационные и тестовые виды открытой модели в выходную папку.</translation>
    </message>
</context>
<context>
    <name>sw::widgets::DestructPanel</name>
    <message>
        <source> (silenced)</source>
        <translation> (подавлено)</translation>
    </message>
    <message>
        <source>A click on the splat view fires the profile along the view ray through that pixel</source>
        <translation>Щелчок по виду сплатов стреляет профилем вдоль луча взгляда через этот пиксель</translation>
    </message>
    <message>
        <source>Bake a model (or open an export) to shoot it.</source>
        <translation>Запеките модель (или откройте экспорт), чтобы по ней стрелять.</translation>
    </message>
    <message>
        <source>Click the model to shoot</source>
        <translation>Стрелять щелчком по модели</translation>
    </message>
    <message>
        <source>Fire volley</source>
        <translation>Дать залп</translation>
    </message>
    <message>
        <source>Game scale (×1, ×3)</source>
        <translation>Игровой масштаб (×1, ×3)</translation>
    </message>
    <message>
        <source>Heading</source>
        <translation>Направление</translation>
    </message>
    <message>
        <source>Heal</source>
        <translation>Лечение</translation>
    </message>
    <message>
        <source>Heals this share of the damage so far (100 %: the pristine plating)</source>
        <translation>Залечивает эту долю полученного урона (100 %: нетронутая обшивка)</translation>
    </message>
    <message>
        <source>Loads a weapon profile into the fields below: a built-in, or one tuned for this model (an edit keeps it under its name, saved in the project and exported beside the asset)</source>
        <translation>Загружает профиль оружия в поля ниже: встроенный или настроенный для этой модели (правка сохраняет его под его именем — в проекте и при экспорте рядом с ассетом)</translation>
    </message>
    <message>
        <source>No destruction: %1</source>
        <translation>Разрушение недоступно: %1</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Пауза</translation>
    </message>
    <message>
        <source>Replays the shots and steps up to this time (a shot from a scrubbed-back time drops what followed)</source>
        <translation>Повторяет выстрелы и шаги до этого момента (выстрел из отмотанного назад момента отбрасывает то, что было после)</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>Сброс</translation>
    </message>
    <message>
        <source>Seed of the aim points and of the simulation (applied on Reset)</source>
        <translation>Зерно точек прицеливания и симуляции (применяется при сбросе)</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Зерно</translation>
    </message>
    <message>
        <source>Shots</source>
        <translation>Выстрелы</translation>
    </message>
    <message>
        <source>Stats</source>
        <translation>Статистика</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Шаг</translation>
    </message>
    <message>
        <source>The side the shots come from and the game-scale view looks from (0: from −Y)</source>
        <translation>Сторона, откуда летят выстрелы и откуда смотрит вид в игровом масштабе (0: со стороны −Y)</translation>
    </message>
    <message>
        <source>Time and heal</source>
        <translation>Время и лечение</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Время</translation>
    </message>
    <message>
        <source>Volley</source>
        <translation>Залп</translation>
    </message>
    <message>
        <source>Weapon</source>
        <translation>Оружие</translation>
    </message>
    <message>
        <source>part %1</source>
        <translation>часть %1</translation>
    </message>
    <message>
        <source>Simulation</source>
        <translation>Симуляция</translation>
    </message>
    <message>
        <source>Save Destruction Session</source>
        <translation>Сохранить сессию разрушения</translation>
    </message>
    <message>
        <source>Destruction session (*.json)</source>
        <translation>Сессия разрушения (*.json)</translation>
    </message>
    <message>
        <source>Load Destruction Session</source>
        <translation>Загрузить сессию разрушения</translation>
    </message>
    <message>
        <source>Hits %1, time %2 s
Dead slots (knocked out at least once) %3 of %4
Slots per layer 1–4: %5, %6, %7, %8
Chunks cracked %9, torn %10; islands torn %11
In flight: %12 pieces, %13 debris (pool %14)</source>
        <translation>Попаданий %1, время %2 с
Мёртвых слотов (выбиты хотя бы раз) %3 из %4
Слотов по слоям 1–4: %5, %6, %7, %8
Чанков треснуло %9, оторвано %10; островов оторвано %11
В полёте: кусков %12, обломков %13 (пул %14)</translation>
    </message>
    <message>
        <source>Save Session…</source>
        <translation>Сохранить сессию…</translation>
    </message>
    <message>
        <source>Writes every shot, volley, step and heal so far (JSON); splatwright-cli destruct --replay plays it to the same state</source>
        <translation>Записывает все выстрелы, залпы, шаги и лечения (JSON); splatwright-cli destruct --replay воспроизводит её до того же состояния</translation>
    </message>
    <message>
        <source>Load Session…</source>
        <translation>Загрузить сессию…</translation>
    </message>
    <message>
        <source>Plays a saved session (from this dock or splatwright-cli destruct --save-session) on this model from the pristine state</source>
        <translation>Воспроизводит сохранённую сессию (из этой панели или splatwright-cli destruct --save-session) на этой модели с нетронутого состояния</translation>
    </message>
</context>
<context>
    <name>sw::widgets::EffectsPanel</name>
    <message>
        <source>Play</source>
        <translation>Пуск</translation>
    </message>
    <message>
        <source>Play or pause the effect loop</source>
        <translation>Запустить или приостановить цикл эффекта</translation>
    </message>
    <message>
        <source>Hit point</source>
        <translation>Точка попадания</translation>
    </message>
    <message>
        <source>Centre</source>
        <translation>Центр</translation>
    </message>
    <message>
        <source>Shot direction</source>
        <translation>Направление выстрела</translation>
    </message>
    <message>
        <source>What a click on the splat model in the viewport sets</source>
        <translation>Что задаёт щелчок по модели из сплатов во вьюпорте</translation>
    </message>
    <message>
        <source>Click sets</source>
        <translation>Щелчок задаёт</translation>
    </message>
    <message>
        <source>Vectors</source>
        <translation>Векторы</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Пауза</translation>
    </message>
    <message>
        <source>t = %1 s of %2 s, amount %3</source>
        <translation>t = %1 с из %2 с, сила %3</translation>
    </message>
    <message>
        <source>hit %1, centre %2, shot %3</source>
        <translation>попадание %1, центр %2, выстрел %3</translation>
    </message>
    <message>
        <source>Scrub through the loop: click or drag; arrows, Page Up/Down, Home/End; Space plays or pauses</source>
        <translation>Прокрутка по циклу: щелчок или перетаскивание; стрелки, Page Up/Down, Home/End; пробел запускает или приостанавливает</translation>
    </message>
</context>
<context>
    <name>sw::widgets::FloaterPanel</name>
    <message>
        <source>far</source>
        <translation>далеко</translation>
    </message>
    <message>
        <source>detached</source>
        <translation>оторван</translation>
    </message>
    <message>
        <source>silhouette</source>
        <translation>силуэт</translation>
    </message>
    <message>
        <source>dataset</source>
        <translation>датасет</translation>
    </message>
    <message>
        <source>No scan yet: open a splat cloud and its model.</source>
        <translation>Поиска ещё не было: откройте облако сплатов и его модель.</translation>
    </message>
    <message>
        <source>Signs</source>
        <translation>Признаки</translation>
    </message>
    <message>
        <source>Distance</source>
        <translation>Расстояние</translation>
    </message>
    <message>
        <source>Kept</source>
        <translation>Оставлен</translation>
    </message>
    <message>
        <source>Re-run</source>
        <translation>Повторить</translation>
    </message>
    <message>
        <source>Scan the current cloud again with the Bake panel&apos;s floater settings</source>
        <translation>Заново проверить текущее облако с настройками флоатеров панели запекания</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Удалить</translation>
    </message>
    <message>
        <source>Keep</source>
        <translation>Оставить</translation>
    </message>
    <message>
        <source>Unflag the selected splats (or all listed ones) so the bake keeps them; undoable</source>
        <translation>Снять пометку с выбранных сплатов (или всех в списке), чтобы запекание их сохранило; можно отменить</translation>
    </message>
    <message>
        <source>kept</source>
        <translation>оставлен</translation>
    </message>
    <message>
        <source>Splat ID</source>
        <translation>ID сплата</translation>
    </message>
    <message>
        <source>Remove the selected splats (or all listed ones) from the cloud, never the kept ones; undoable (Delete)</source>
        <translation>Удалить выбранные сплаты (или все в списке) из облака, кроме оставленных; можно отменить (Delete)</translation>
    </message>
    <message>
        <source>Frame</source>
        <translation>Показать</translation>
    </message>
    <message>
        <source>Move the camera to the selected splats (F)</source>
        <translation>Навести камеру на выбранные сплаты (F)</translation>
    </message>
    <message numerus="yes">
        <source>%n far from the surface</source>
        <translation>
            <numerusform>%n далеко от поверхности</numerusform>
            <numerusform>%n далеко от поверхности</numerusform>
            <numerusform>%n далеко от поверхности</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n detached from the body</source>
        <translation>
            <numerusform>%n оторван от тела</numerusform>
            <numerusform>%n оторваны от тела</numerusform>
            <numerusform>%n оторваны от тела</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n outside the model&apos;s silhouette</source>
        <translation>
            <numerusform>%n вне силуэта модели</numerusform>
            <numerusform>%n вне силуэта модели</numerusform>
            <numerusform>%n вне силуэта модели</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n over background in the dataset&apos;s views</source>
        <translation>
            <numerusform>%n на фоне в видах датасета</numerusform>
            <numerusform>%n на фоне в видах датасета</numerusform>
            <numerusform>%n на фоне в видах датасета</numerusform>
        </translation>
    </message>
    <message>
        <source>none checked against the dataset&apos;s views (no dataset)</source>
        <translation>без проверки по видам датасета (датасета нет)</translation>
    </message>
    <message numerus="yes">
        <source>%n kept (marked Keep)</source>
        <translation>
            <numerusform>%n оставлен (Оставить)</numerusform>
            <numerusform>%n оставлены (Оставить)</numerusform>
            <numerusform>%n оставлены (Оставить)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The last bake removed %n floater(s)</source>
        <translation>
            <numerusform>Последнее запекание удалило %n флоатер</numerusform>
            <numerusform>Последнее запекание удалило %n флоатера</numerusform>
            <numerusform>Последнее запекание удалило %n флоатеров</numerusform>
        </translation>
    </message>
    <message>
        <source>Re-run scans the cloud again.</source>
        <translation>«Повторить» снова проверяет облако.</translation>
    </message>
    <message numerus="yes">
        <source>%n splat(s) flagged as floaters</source>
        <translation>
            <numerusform>%n сплат помечен как флоатер</numerusform>
            <numerusform>%n сплата помечены как флоатеры</numerusform>
            <numerusform>%n сплатов помечены как флоатеры</numerusform>
        </translation>
    </message>
    <message>
        <source>Each splat is counted once, under the first of its signs (far, detached, outside the silhouette, over background); the Signs column lists all of them.</source>
        <translation>Каждый сплат считается один раз, по первому из своих признаков (далеко, оторван, вне силуэта, над фоном); в столбце «Признаки» перечислены все.</translation>
    </message>
</context>
<context>
    <name>sw::widgets::FoliagePanel</name>
    <message>
        <source>Pause</source>
        <translation>Пауза</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Пуск</translation>
    </message>
    <message>
        <source>Play or pause the wind&apos;s time</source>
        <translation>Запустить или остановить время ветра</translation>
    </message>
    <message>
        <source>Scrub the wind&apos;s time: the same time gives the same frame</source>
        <translation>Прокрутка времени ветра: одно и то же время даёт один и тот же кадр</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 с</translation>
    </message>
    <message>
        <source>The benders: capsules that push the plants aside</source>
        <translation>Изгибатели: капсулы, раздвигающие растения</translation>
    </message>
    <message>
        <source>Add bender</source>
        <translation>Добавить изгибатель</translation>
    </message>
    <message>
        <source>A bender at the centre of the copies: drag its capsule in the viewport</source>
        <translation>Изгибатель в центре копий: перетащите его капсулу во вьюпорте</translation>
    </message>
    <message>
        <source>Load bender path…</source>
        <translation>Загрузить путь изгибателя…</translation>
    </message>
    <message>
        <source>Scripted benders walked along their paths in the wind&apos;s time (the JSON the foliage command reads)</source>
        <translation>Изгибатели, идущие по своим путям во времени ветра (JSON, который читает команда foliage)</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Удалить</translation>
    </message>
    <message>
        <source>Remove the bender chosen in the list</source>
        <translation>Удалить изгибатель, выбранный в списке</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Экспорт</translation>
    </message>
    <message>
        <source>Write the settings beside the asset as the game&apos;s scene JSON (&lt;name&gt;.foliage.json)</source>
        <translation>Записать настройки рядом с ассетом как JSON сцены игры (&lt;имя&gt;.foliage.json)</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>Записан %1</translation>
    </message>
    <message>
        <source>Open a model to export its foliage settings</source>
        <translation>Откройте модель, чтобы экспортировать её настройки растительности</translation>
    </message>
    <message>
        <source>Export foliage settings</source>
        <translation>Экспорт настроек растительности</translation>
    </message>
    <message>
        <source>%1 exists and was not written by Splatwright. Replace it?</source>
        <translation>%1 существует и записан не Splatwright. Заменить его?</translation>
    </message>
    <message>
        <source>Load bender path</source>
        <translation>Загрузка пути изгибателя</translation>
    </message>
    <message>
        <source>Bender paths (*.json)</source>
        <translation>Пути изгибателей (*.json)</translation>
    </message>
    <message>
        <source>Path %1 (%2)</source>
        <translation>Путь %1 (%2)</translation>
    </message>
    <message>
        <source>Bender %1</source>
        <translation>Изгибатель %1</translation>
    </message>
    <message>
        <source>No benders</source>
        <translation>Нет изгибателей</translation>
    </message>
    <message>
        <source>Trim Cards…</source>
        <translation>Обрезать карточки…</translation>
    </message>
    <message>
        <source>Write a copy of the model whose alpha-masked cards are cut to their opaque texels (fewer fragments, the same picture); the model itself is not changed</source>
        <translation>Записать копию модели, в которой карточки с альфа-маской обрезаны по непрозрачным текселям (меньше фрагментов, та же картинка); сама модель не меняется</translation>
    </message>
    <message>
        <source>Open a glTF model with alpha-masked cards to trim them</source>
        <translation>Откройте модель glTF с карточками с альфа-маской, чтобы обрезать их</translation>
    </message>
    <message>
        <source>Move bender</source>
        <translation>Перемещение изгибателя</translation>
    </message>
    <message>
        <source>Remove bender</source>
        <translation>Удаление изгибателя</translation>
    </message>
</context>
<context>
    <name>sw::widgets::FrameBrowser</name>
    <message>
        <source>No dataset rendered yet.</source>
        <translation>Датасет ещё не отрендерен.</translation>
    </message>
    <message>
        <source>%1 %2
%3° / %4°</source>
        <translation>%1 %2
%3° / %4°</translation>
    </message>
    <message>
        <source>%1 #%2: elevation %3°, azimuth %4°, %5×%6 px</source>
        <translation>%1 №%2: высота %3°, азимут %4°, %5×%6 пикс.</translation>
    </message>
    <message>
        <source>Frames: %1 in %2</source>
        <translation>Кадров: %1 в %2</translation>
    </message>
</context>
<context>
    <name>sw::widgets::GameScalePanel</name>
    <message>
        <source> px</source>
        <translation> пикс.</translation>
    </message>
    <message>
        <source>Height of the model on screen in the game (60–100 px)</source>
        <translation>Высота модели на экране в игре (60–100 пикс.)</translation>
    </message>
    <message>
        <source>Target height</source>
        <translation>Целевая высота</translation>
    </message>
    <message>
        <source>°</source>
        <translation>°</translation>
    </message>
    <message>
        <source>Game camera heading around the model (0 = front)</source>
        <translation>Курс игровой камеры вокруг модели (0 = спереди)</translation>
    </message>
    <message>
        <source>Heading</source>
        <translation>Курс</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Обновить</translation>
    </message>
    <message>
        <source>Render the game-scale sheet of the current splat model</source>
        <translation>Отрендерить лист игрового масштаба текущей модели из сплатов</translation>
    </message>
    <message>
        <source>No splat model: train or open a splat cloud first.</source>
        <translation>Нет модели из сплатов: сначала обучите или откройте облако сплатов.</translation>
    </message>
    <message>
        <source>The game-scale view could not be rendered (see the log).</source>
        <translation>Не удалось отрендерить вид в игровом масштабе (см. журнал).</translation>
    </message>
    <message>
        <source>grey</source>
        <translation>серый</translation>
    </message>
    <message>
        <source>black</source>
        <translation>чёрный</translation>
    </message>
    <message>
        <source>mesh ×%1</source>
        <translation>меш ×%1</translation>
    </message>
    <message>
        <source>splats ×%1</source>
        <translation>сплаты ×%1</translation>
    </message>
    <message>
        <source>×1 and ×3 nearest-neighbour, on grey and on black; the source mesh beside the splats, drawn with the splats&apos; look.</source>
        <translation>×1 и ×3 без сглаживания, на сером и на чёрном; исходный меш рядом со сплатами, в том же виде, что и сплаты.</translation>
    </message>
    <message>
        <source>no mesh to compare with</source>
        <translation>меша для сравнения нет</translation>
    </message>
    <message>
        <source>the mesh drawn with the same cel bands and sun as the splats</source>
        <translation>меш нарисован с теми же тоновыми полосами и солнцем, что и сплаты</translation>
    </message>
    <message>
        <source>the mesh drawn in flat colour like the splats</source>
        <translation>меш нарисован плоским цветом, как и сплаты</translation>
    </message>
    <message>
        <source>%1 px tall, heading %2°: ×1 and ×%3 nearest-neighbour on grey and black; %4.</source>
        <translation>Высота %1 пикс., курс %2°: ×1 и ×%3 без сглаживания на сером и чёрном; %4.</translation>
    </message>
    <message>
        <source>What the sheet shows: the current view, or a cloud or bake of the project</source>
        <translation>Что показывает лист: текущий вид или облако либо запекание проекта</translation>
    </message>
    <message>
        <source>A second cloud or bake drawn below the first with the same settings, for an A/B compare</source>
        <translation>Второе облако или запекание под первым с теми же настройками — для сравнения A/B</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>Compare with (B)</source>
        <translation>Сравнить с (B)</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Нет</translation>
    </message>
    <message>
        <source>Current view</source>
        <translation>Текущий вид</translation>
    </message>
    <message>
        <source>current view</source>
        <translation>текущий вид</translation>
    </message>
    <message>
        <source>No splat model in the view: train or open a splat cloud first.</source>
        <translation>В виде нет сплат-модели: сначала обучите или откройте облако сплатов.</translation>
    </message>
    <message>
        <source>Cannot open %1: no loader</source>
        <translation>Не удаётся открыть %1: нет загрузчика</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>Не удаётся открыть %1: %2</translation>
    </message>
    <message numerus="yes">
        <source>%n splat(s)</source>
        <translation>
            <numerusform>%n сплат</numerusform>
            <numerusform>%n сплата</numerusform>
            <numerusform>%n сплатов</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 core + %2 shell</source>
        <translation>%1 ядро + %2 оболочка</translation>
    </message>
    <message numerus="yes">
        <source>%n chunk(s)</source>
        <translation>
            <numerusform>%n чанк</numerusform>
            <numerusform>%n чанка</numerusform>
            <numerusform>%n чанков</numerusform>
        </translation>
    </message>
    <message>
        <source>A: %1</source>
        <translation>A: %1</translation>
    </message>
    <message>
        <source>B: %1</source>
        <translation>B: %1</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>Вписать</translation>
    </message>
    <message>
        <source>Shrink the sheet to fit the dock (off: actual pixels, scrolled)</source>
        <translation>Уменьшить лист до размера панели (выкл.: реальные пиксели с прокруткой)</translation>
    </message>
    <message>
        <source>current view — foliage at %1 s</source>
        <translation>текущий вид — растительность на %1 с</translation>
    </message>
    <message>
        <source>%1 px tall, heading %2°: ×1 and ×%3 nearest-neighbour on grey and black; one foliage copy of each asset in the dock&apos;s wind at %4 s.</source>
        <translation>высота %1 px, курс %2°: ×1 и ×%3 по ближайшему соседу на сером и чёрном; по одной копии каждого ассета растительности на ветру панели в момент %4 с.</translation>
    </message>
</context>
<context>
    <name>sw::widgets::HsvTable</name>
    <message>
        <source>Material</source>
        <translation>Материал</translation>
    </message>
    <message>
        <source>Hue shift</source>
        <translation>Сдвиг тона</translation>
    </message>
    <message>
        <source>Saturation</source>
        <translation>Насыщенность</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Яркость</translation>
    </message>
    <message>
        <source>material %1</source>
        <translation>материал %1</translation>
    </message>
    <message>
        <source>°</source>
        <translation>°</translation>
    </message>
    <message>
        <source>×</source>
        <translation>×</translation>
    </message>
</context>
<context>
    <name>sw::widgets::LogDock</name>
    <message>
        <source>Log</source>
        <translation>Журнал</translation>
    </message>
    <message>
        <source>Debug</source>
        <translation>Отладка</translation>
    </message>
    <message>
        <source>Info</source>
        <translation>Информация</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>Предупреждение</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Ошибка</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Очистить</translation>
    </message>
    <message>
        <source>Show from:</source>
        <translation>Показывать от:</translation>
    </message>
</context>
<context>
    <name>sw::widgets::LossChart</name>
    <message>
        <source>Train loss</source>
        <translation>Потери (обучение)</translation>
    </message>
    <message>
        <source>Val PSNR (dB)</source>
        <translation>PSNR валидации (дБ)</translation>
    </message>
    <message>
        <source>loss (L1)</source>
        <translation>потери (L1)</translation>
    </message>
    <message>
        <source>PSNR (dB)</source>
        <translation>PSNR (дБ)</translation>
    </message>
    <message>
        <source>training step</source>
        <translation>шаг обучения</translation>
    </message>
</context>
<context>
    <name>sw::widgets::OverlayLegend</name>
    <message>
        <source>Part %1</source>
        <translation>Часть %1</translation>
    </message>
    <message>
        <source>Part overlay</source>
        <translation>Наложение: части</translation>
    </message>
    <message>
        <source>default</source>
        <translation>обычный</translation>
    </message>
    <message>
        <source>chitin</source>
        <translation>хитин</translation>
    </message>
    <message>
        <source>bone</source>
        <translation>кость</translation>
    </message>
    <message>
        <source>flesh</source>
        <translation>плоть</translation>
    </message>
    <message>
        <source>circuit</source>
        <translation>схема</translation>
    </message>
    <message>
        <source>core</source>
        <translation>ядро</translation>
    </message>
    <message>
        <source>Material overlay</source>
        <translation>Наложение: материалы</translation>
    </message>
    <message>
        <source>Chunk %1</source>
        <translation>Кусок %1</translation>
    </message>
    <message>
        <source>Chunk overlay</source>
        <translation>Наложение: куски</translation>
    </message>
    <message numerus="yes">
        <source>%n chunk(s) in all, one hue each</source>
        <translation>
            <numerusform>всего %n кусок, у каждого свой оттенок</numerusform>
            <numerusform>всего %n куска, у каждого свой оттенок</numerusform>
            <numerusform>всего %n кусков, у каждого свой оттенок</numerusform>
        </translation>
    </message>
    <message>
        <source>0: fully occluded</source>
        <translation>0: полностью затенено</translation>
    </message>
    <message>
        <source>0.5: half open</source>
        <translation>0,5: наполовину открыто</translation>
    </message>
    <message>
        <source>1: open sky</source>
        <translation>1: открытое небо</translation>
    </message>
    <message>
        <source>AO overlay (ambient occlusion)</source>
        <translation>Наложение: AO (фоновое затенение)</translation>
    </message>
    <message>
        <source>level 1 (faint)</source>
        <translation>уровень 1 (слабое)</translation>
    </message>
    <message>
        <source>level 8</source>
        <translation>уровень 8</translation>
    </message>
    <message>
        <source>level 15 (brightest)</source>
        <translation>уровень 15 (самое яркое)</translation>
    </message>
    <message>
        <source>Emission overlay</source>
        <translation>Наложение: свечение</translation>
    </message>
    <message>
        <source>Splats that do not glow: their own colour, dimmed</source>
        <translation>Несветящиеся сплаты: их собственный цвет, приглушённый</translation>
    </message>
    <message>
        <source>dot</source>
        <translation>точка</translation>
    </message>
    <message>
        <source>rounded hexagon</source>
        <translation>скруглённый шестиугольник</translation>
    </message>
    <message>
        <source>plate</source>
        <translation>пластина</translation>
    </message>
    <message>
        <source>Shape overlay</source>
        <translation>Наложение: формы</translation>
    </message>
    <message>
        <source>floater (flagged for removal)</source>
        <translation>флоатер (помечен к удалению)</translation>
    </message>
    <message>
        <source>Floater overlay</source>
        <translation>Наложение: флоатеры</translation>
    </message>
    <message>
        <source>Kept splats: their own colour, dimmed</source>
        <translation>Оставленные сплаты: их собственный цвет, приглушённый</translation>
    </message>
    <message>
        <source>Part colours</source>
        <translation>Цвета частей</translation>
    </message>
</context>
<context>
    <name>sw::widgets::ParamPanel</name>
    <message>
        <source>Load preset…</source>
        <translation>Загрузить пресет…</translation>
    </message>
    <message>
        <source>Save preset…</source>
        <translation>Сохранить пресет…</translation>
    </message>
    <message>
        <source>Defaults</source>
        <translation>По умолчанию</translation>
    </message>
    <message>
        <source>Presets (*.json)</source>
        <translation>Пресеты (*.json)</translation>
    </message>
    <message>
        <source>Load preset</source>
        <translation>Загрузка пресета</translation>
    </message>
    <message>
        <source>Save preset</source>
        <translation>Сохранение пресета</translation>
    </message>
    <message>
        <source>Could not load preset %1:
%2</source>
        <translation>Не удалось загрузить пресет %1:
%2</translation>
    </message>
    <message>
        <source>Could not save preset %1:
%2</source>
        <translation>Не удалось сохранить пресет %1:
%2</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>Пресет</translation>
    </message>
    <message>
        <source>Change %1</source>
        <translation>Изменение: %1</translation>
    </message>
    <message>
        <source>Load preset %1</source>
        <translation>Загрузка пресета %1</translation>
    </message>
    <message>
        <source>Named settings: the stage&apos;s own presets and yours (Save as…)</source>
        <translation>Именованные настройки: пресеты этапа и ваши собственные (Сохранить как…)</translation>
    </message>
    <message>
        <source>Save as…</source>
        <translation>Сохранить как…</translation>
    </message>
    <message>
        <source>Keep the current values as a preset of your own</source>
        <translation>Сохранить текущие значения как собственный пресет</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Удалить</translation>
    </message>
    <message>
        <source>Delete the chosen preset of your own</source>
        <translation>Удалить выбранный собственный пресет</translation>
    </message>
    <message>
        <source>Name of the preset:</source>
        <translation>Название пресета:</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>Свой</translation>
    </message>
    <message>
        <source>Could not apply preset %1:
%2</source>
        <translation>Не удалось применить пресет %1:
%2</translation>
    </message>
    <message>
        <source>Preset %1</source>
        <translation>Пресет %1</translation>
    </message>
    <message>
        <source>%1 is above the largest allowed value, %2: set to %2.</source>
        <translation>%1 больше наибольшего допустимого значения %2: установлено %2.</translation>
    </message>
    <message>
        <source>%1 is below the smallest allowed value, %2: set to %2.</source>
        <translation>%1 меньше наименьшего допустимого значения %2: установлено %2.</translation>
    </message>
</context>
<context>
    <name>sw::widgets::PartsPanel</name>
    <message>
        <source>Part</source>
        <translation>Часть</translation>
    </message>
    <message>
        <source>Faces</source>
        <translation>Грани</translation>
    </message>
    <message>
        <source>Assign to Part</source>
        <translation>Перенести в часть</translation>
    </message>
    <message>
        <source>Moves the picked component into the part selected above</source>
        <translation>Переносит выбранную компоненту в часть, выделенную выше</translation>
    </message>
    <message>
        <source>Add Part</source>
        <translation>Добавить часть</translation>
    </message>
    <message>
        <source>Click the model in the viewport to pick a connected component.</source>
        <translation>Щёлкните по модели во вьюпорте, чтобы выбрать связную компоненту.</translation>
    </message>
    <message>
        <source>part %1</source>
        <translation>часть %1</translation>
    </message>
    <message>
        <source>No model.</source>
        <translation>Нет модели.</translation>
    </message>
    <message>
        <source>No component picked (components in the model: %1).</source>
        <translation>Компонента не выбрана (компонент в модели: %1).</translation>
    </message>
    <message>
        <source>Picked component %1 (faces: %2).</source>
        <translation>Выбрана компонента %1 (граней: %2).</translation>
    </message>
</context>
<context>
    <name>sw::widgets::RecipePanel</name>
    <message>
        <source>Rules in order, first match wins; unmatched splats are default. Hue in degrees (min &gt; max wraps through 0), saturation and value 0–1.</source>
        <translation>Правила по порядку, побеждает первое совпадение; остальные сплаты — default. Тон в градусах (min &gt; max — через 0), насыщенность и яркость 0–1.</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>Класс</translation>
    </message>
    <message>
        <source>Hue min</source>
        <translation>Тон мин</translation>
    </message>
    <message>
        <source>Hue max</source>
        <translation>Тон макс</translation>
    </message>
    <message>
        <source>Sat min</source>
        <translation>Нас. мин</translation>
    </message>
    <message>
        <source>Sat max</source>
        <translation>Нас. макс</translation>
    </message>
    <message>
        <source>Val min</source>
        <translation>Ярк. мин</translation>
    </message>
    <message>
        <source>Val max</source>
        <translation>Ярк. макс</translation>
    </message>
    <message>
        <source>Add rule</source>
        <translation>Добавить правило</translation>
    </message>
    <message>
        <source>Remove rule</source>
        <translation>Удалить правило</translation>
    </message>
    <message>
        <source>Load…</source>
        <translation>Загрузить…</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>Сохранить…</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>По умолчанию</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>Применить</translation>
    </message>
    <message>
        <source>Bake again with this recipe</source>
        <translation>Запечь заново с этим рецептом</translation>
    </message>
    <message>
        <source>Load Recipe</source>
        <translation>Загрузить рецепт</translation>
    </message>
    <message>
        <source>Recipes (*.json)</source>
        <translation>Рецепты (*.json)</translation>
    </message>
    <message>
        <source>Save Recipe</source>
        <translation>Сохранить рецепт</translation>
    </message>
    <message>
        <source>Last bake: %1</source>
        <translation>Последнее запекание: %1</translation>
    </message>
    <message>
        <source>Last bake: —</source>
        <translation>Последнее запекание: —</translation>
    </message>
    <message>
        <source>Edit recipe</source>
        <translation>Правка рецепта</translation>
    </message>
</context>
<context>
    <name>sw::widgets::SelectionPanel</name>
    <message>
        <source> (Shift adds, Ctrl subtracts, Alt turns the camera)</source>
        <translation> (Shift добавляет, Ctrl вычитает, Alt вращает камеру)</translation>
    </message>
    <message>
        <source>Front-most only</source>
        <translation>Только передние</translation>
    </message>
    <message>
        <source>Pick only splats the camera sees, not those behind them</source>
        <translation>Выбирать только видимые камерой сплаты, а не те, что за ними</translation>
    </message>
    <message>
        <source> px</source>
        <translation> пикс.</translation>
    </message>
    <message>
        <source>Brush radius</source>
        <translation>Радиус кисти</translation>
    </message>
    <message>
        <source>Grow and Shrink reach this far (model units)</source>
        <translation>Насколько далеко действуют «Расширить» и «Сузить» (единицы модели)</translation>
    </message>
    <message>
        <source>Grow/shrink radius</source>
        <translation>Радиус расширения/сужения</translation>
    </message>
    <message>
        <source>All</source>
        <translation>Все</translation>
    </message>
    <message>
        <source>Select every visible splat</source>
        <translation>Выделить все видимые сплаты</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Ничего</translation>
    </message>
    <message>
        <source>Clear the selection (Esc)</source>
        <translation>Снять выделение (Esc)</translation>
    </message>
    <message>
        <source>Invert</source>
        <translation>Инвертировать</translation>
    </message>
    <message>
        <source>Select the visible splats that are not selected</source>
        <translation>Выделить видимые невыделенные сплаты</translation>
    </message>
    <message>
        <source>Grow</source>
        <translation>Расширить</translation>
    </message>
    <message>
        <source>Add the splats within the radius of the selection</source>
        <translation>Добавить сплаты в пределах радиуса от выделения</translation>
    </message>
    <message>
        <source>Shrink</source>
        <translation>Сузить</translation>
    </message>
    <message>
        <source>Drop the selected splats near an unselected one</source>
        <translation>Снять выделение со сплатов рядом с невыделенными</translation>
    </message>
    <message>
        <source>Frame</source>
        <translation>Показать</translation>
    </message>
    <message>
        <source>Move the camera to the selection (F)</source>
        <translation>Навести камеру на выделение (F)</translation>
    </message>
    <message>
        <source>Hide</source>
        <translation>Скрыть</translation>
    </message>
    <message>
        <source>Hide the selected splats in the view (undoable)</source>
        <translation>Скрыть выделенные сплаты в виде (можно отменить)</translation>
    </message>
    <message>
        <source>Show all</source>
        <translation>Показать все</translation>
    </message>
    <message>
        <source>Show the hidden splats again (undoable)</source>
        <translation>Снова показать скрытые сплаты (можно отменить)</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Удалить</translation>
    </message>
    <message>
        <source>Delete the selected splats from the cloud (Delete; undoable)</source>
        <translation>Удалить выделенные сплаты из облака (Delete; можно отменить)</translation>
    </message>
    <message>
        <source>Crop</source>
        <translation>Обрезать</translation>
    </message>
    <message>
        <source>Delete every splat outside the crop box while it shows, else outside the selection&apos;s bounding box (undoable)</source>
        <translation>Удалить все сплаты вне рамки обрезки, пока она показана, иначе вне габаритов выделения (можно отменить)</translation>
    </message>
    <message>
        <source>Crop box</source>
        <translation>Рамка обрезки</translation>
    </message>
    <message>
        <source>Show a box in the viewport to drag and resize by its handles; Crop then deletes every splat outside it</source>
        <translation>Показать в окне просмотра рамку, которую можно двигать и растягивать за маркеры; «Обрезать» затем удалит все сплаты вне её</translation>
    </message>
    <message>
        <source>Select by value</source>
        <translation>Выделение по значению</translation>
    </message>
    <message>
        <source>Opacity</source>
        <translation>Непрозрачность</translation>
    </message>
    <message>
        <source>Size (model units)</source>
        <translation>Размер (единицы модели)</translation>
    </message>
    <message>
        <source>Distance to mesh (model units)</source>
        <translation>Расстояние до меша (единицы модели)</translation>
    </message>
    <message>
        <source>Floater signs (0–4)</source>
        <translation>Признаки флоатера (0–4)</translation>
    </message>
    <message>
        <source>Select</source>
        <translation>Выделить</translation>
    </message>
    <message>
        <source>Select the splats whose value lies in the range (Shift: add)</source>
        <translation>Выделить сплаты со значением в диапазоне (Shift: добавить)</translation>
    </message>
    <message>
        <source>%1 of %2 splats selected</source>
        <translation>Выделено сплатов: %1 из %2</translation>
    </message>
    <message>
        <source> model units</source>
        <translation> ед. модели</translation>
    </message>
</context>
<context>
    <name>sw::widgets::TrainingPanel</name>
    <message>
        <source>Start</source>
        <translation>Старт</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Продолжить</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>Ожидание</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Запуск…</translation>
    </message>
    <message>
        <source>Resume from step %1</source>
        <translation>Продолжить с шага %1</translation>
    </message>
    <message>
        <source>Continue from the run folder&apos;s last checkpoint</source>
        <translation>Продолжить с последней контрольной точки папки запуска</translation>
    </message>
    <message>
        <source>No checkpoint in the run folder yet</source>
        <translation>В папке запуска ещё нет контрольной точки</translation>
    </message>
    <message>
        <source>step %1/%2 — ETA %3</source>
        <translation>шаг %1/%2 — осталось %3</translation>
    </message>
    <message>
        <source>step %1/%2</source>
        <translation>шаг %1/%2</translation>
    </message>
    <message>
        <source>Done: %1 steps</source>
        <translation>Готово: шагов: %1</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>Остановлено</translation>
    </message>
    <message>
        <source>Final, step %1</source>
        <translation>Итог, шаг %1</translation>
    </message>
    <message>
        <source>Step %1</source>
        <translation>Шаг %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 splats, train loss %3&lt;br&gt;val L1 %4 · PSNR %5 dB · SSIM %6&lt;br&gt;opaque %7% · outside silhouette %8 · %9 s</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: сплатов: %2, потери обучения %3&lt;br&gt;L1 валидации %4 · PSNR %5 дБ · SSIM %6&lt;br&gt;непрозрачных %7% · вне силуэта %8 · %9 с</translation>
    </message>
    <message>
        <source>The checkpoint is at step %1: raise Steps above it to continue</source>
        <translation>Контрольная точка на шаге %1: чтобы продолжить, увеличьте «Шаги»</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Настройки</translation>
    </message>
    <message>
        <source>Chart</source>
        <translation>График</translation>
    </message>
</context>
<context>
    <name>sw::widgets::ViewControls</name>
    <message>
        <source>Mesh</source>
        <translation>Меш</translation>
    </message>
    <message>
        <source>Splats</source>
        <translation>Сплаты</translation>
    </message>
    <message>
        <source>Colour the splats by one channel instead of their look</source>
        <translation>Раскрасить сплаты по одному каналу вместо их вида</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Нет</translation>
    </message>
    <message>
        <source>Part</source>
        <translation>Часть</translation>
    </message>
    <message>
        <source>Material</source>
        <translation>Материал</translation>
    </message>
    <message>
        <source>Chunk</source>
        <translation>Чанк</translation>
    </message>
    <message>
        <source>AO</source>
        <translation>AO</translation>
    </message>
    <message>
        <source>Emission</source>
        <translation>Свечение</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>Форма</translation>
    </message>
    <message>
        <source>Floaters</source>
        <translation>Флоатеры</translation>
    </message>
    <message>
        <source>Overlay</source>
        <translation>Наложение</translation>
    </message>
    <message>
        <source>Core</source>
        <translation>Ядро</translation>
    </message>
    <message>
        <source>Draw the opaque core splats</source>
        <translation>Рисовать непрозрачные сплаты ядра</translation>
    </message>
    <message>
        <source>Shell</source>
        <translation>Оболочка</translation>
    </message>
    <message>
        <source>Draw the blended shell splats</source>
        <translation>Рисовать полупрозрачные сплаты оболочки</translation>
    </message>
    <message>
        <source>LOD: draw only the first k core splats (importance order)</source>
        <translation>LOD: рисовать только первые k сплатов ядра (по важности)</translation>
    </message>
    <message>
        <source>LOD</source>
        <translation>LOD</translation>
    </message>
    <message>
        <source>Orbit Camera</source>
        <translation>Орбитальная камера</translation>
    </message>
    <message>
        <source>Game Camera</source>
        <translation>Игровая камера</translation>
    </message>
    <message>
        <source>Grey Background</source>
        <translation>Серый фон</translation>
    </message>
    <message>
        <source>Black Background</source>
        <translation>Чёрный фон</translation>
    </message>
    <message>
        <source>Level of detail: draws the first %1 of the model&apos;s %2 core (opaque) splats, most important first. The %3 shell (blended) splats are not counted here and always draw.</source>
        <translation>Уровень детализации: рисуются первые %1 из %2 сплатов ядра (непрозрачных), самые важные первыми. Сплаты оболочки (полупрозрачные, %3) здесь не считаются и рисуются всегда.</translation>
    </message>
    <message>
        <source>core %1 / %2</source>
        <translation>ядро %1 / %2</translation>
    </message>
</context>
<context>
    <name>sw::widgets::Viewport</name>
    <message>
        <source>Scan: the memory budget of %1 MB is more than this GPU holds in four storage blocks; streaming within %2 MB</source>
        <translation>Скан: бюджет памяти %1 МБ больше, чем этот GPU вмещает в четырёх блоках хранения; потоковая загрузка в пределах %2 МБ</translation>
    </message>
    <message>
        <source>The floater mask has %1 flags for %2 splats; it is ignored.</source>
        <translation>Маска флоатеров содержит %1 флагов для %2 сплатов; она не используется.</translation>
    </message>
    <message>
        <source>There is no splat model to show at game scale.</source>
        <translation>Нет модели из сплатов для показа в игровом масштабе.</translation>
    </message>
    <message>
        <source>OpenGL is not available for the game-scale view.</source>
        <translation>OpenGL недоступен для вида в игровом масштабе.</translation>
    </message>
</context>
<context>
    <name>sw::editor::ScanController</name>
    <message>
        <source>Extract to Cloud</source>
        <translation>Вырезать в облако</translation>
    </message>
    <message>
        <source>Open a scan first (File ▸ Open Scan…).</source>
        <translation>Сначала откройте скан (Файл ▸ Открыть скан…).</translation>
    </message>
    <message>
        <source>An extraction is running already.</source>
        <translation>Вырезка уже выполняется.</translation>
    </message>
    <message>
        <source>Extracting from the scan into %1</source>
        <translation>Вырезка из скана в %1</translation>
    </message>
    <message>
        <source>Extracted %1 splats into %2</source>
        <translation>Вырезано сплатов: %1, в %2</translation>
    </message>
    <message>
        <source>Export Extract</source>
        <translation>Экспорт вырезки</translation>
    </message>
    <message>
        <source>Exporting the extract %1</source>
        <translation>Экспорт вырезки %1</translation>
    </message>
    <message>
        <source>Exported %1 splats to %2</source>
        <translation>Экспортировано сплатов: %1, в %2</translation>
    </message>
    <message>
        <source>PLY (*.ply);;SPZ (*.spz);;Antimatter .splat (*.splat);;SOG (*.sog);;glTF binary (*.glb)</source>
        <translation>PLY (*.ply);;SPZ (*.spz);;Antimatter .splat (*.splat);;SOG (*.sog);;Двоичный glTF (*.glb)</translation>
    </message>
    <message>
        <source>Scans (lod.json lod-meta.json meta.json *.ply *.spz *.splat *.sog);;All files (*)</source>
        <translation>Сканы (lod.json lod-meta.json meta.json *.ply *.spz *.splat *.sog);;Все файлы (*)</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Обзор…</translation>
    </message>
    <message>
        <source>Reading the scan %1</source>
        <translation>Чтение скана %1</translation>
    </message>
    <message>
        <source>Open Scan</source>
        <translation>Открыть скан</translation>
    </message>
    <message>
        <source>Opened %1: %2 splats in %3 chunk(s) of %4 level(s)</source>
        <translation>Открыт %1: сплатов — %2, чанков — %3, уровней — %4</translation>
    </message>
    <message>
        <source>A scan is being read already.</source>
        <translation>Скан уже читается.</translation>
    </message>
    <message>
        <source>Build LOD</source>
        <translation>Построение LOD</translation>
    </message>
    <message>
        <source>Builds the levels of detail of a scan into a new folder (lod.json and its chunks), the same job as splatwright-cli lod-build; the scan itself is not changed.</source>
        <translation>Строит уровни детализации скана в новую папку (lod.json и его чанки) — та же задача, что splatwright-cli lod-build; сам скан не меняется.</translation>
    </message>
    <message>
        <source>Scan</source>
        <translation>Скан</translation>
    </message>
    <message>
        <source>Write to folder</source>
        <translation>Записать в папку</translation>
    </message>
    <message>
        <source>LOD folder</source>
        <translation>Папка LOD</translation>
    </message>
    <message>
        <source>Build</source>
        <translation>Построить</translation>
    </message>
    <message>
        <source>Cannot build the LOD folder</source>
        <translation>Не удаётся построить папку LOD</translation>
    </message>
    <message>
        <source>Choose the scan and the folder to write.</source>
        <translation>Выберите скан и папку для записи.</translation>
    </message>
    <message>
        <source>Building the LOD folder of %1</source>
        <translation>Построение папки LOD для %1</translation>
    </message>
    <message>
        <source>Built %1: %2 splats in %3 leaves</source>
        <translation>Построено %1: сплатов — %2, листьев — %3</translation>
    </message>
    <message>
        <source>A build is running already.</source>
        <translation>Построение уже идёт.</translation>
    </message>
    <message>
        <source>The LOD folder %1 is written. Open it?</source>
        <translation>Папка LOD %1 записана. Открыть её?</translation>
    </message>
</context>
<context>
    <name>sw::widgets::ScanHud</name>
    <message>
        <source>Resident %1 / %2 MB</source>
        <translation>В памяти %1 / %2 МБ</translation>
    </message>
    <message>
        <source>Chunks %1 drawable, %2 pending</source>
        <translation>Чанки: готово %1, в очереди %2</translation>
    </message>
    <message>
        <source>Splats %1 submitted of %2 selected</source>
        <translation>Сплаты: отправлено %1 из %2 выбранных</translation>
    </message>
    <message>
        <source>(over budget: coarsest levels)</source>
        <translation>(сверх бюджета: самые грубые уровни)</translation>
    </message>
    <message>
        <source>After the cull %1 (counted on every 16th frame and a new draw list)</source>
        <translation>После отсечения %1 (подсчёт каждый 16-й кадр и при новом списке отрисовки)</translation>
    </message>
    <message>
        <source>Levels %1</source>
        <translation>Уровни %1</translation>
    </message>
    <message>
        <source>GPU pool %1 / %2 MB</source>
        <translation>Пул GPU %1 / %2 МБ</translation>
    </message>
    <message>
        <source>Frame %1 ms (CPU wall time)</source>
        <translation>Кадр %1 мс (время CPU по часам)</translation>
    </message>
    <message numerus="yes">
        <source>%n chunk(s) failed to load</source>
        <translation>
            <numerusform>%n чанк не загрузился</numerusform>
            <numerusform>%n чанка не загрузились</numerusform>
            <numerusform>%n чанков не загрузились</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sw::widgets::ScanPanel</name>
    <message>
        <source>Crop Box</source>
        <translation>Рамка обрезки</translation>
    </message>
    <message>
        <source>Shows the crop box on the scans: drag its handles around the asset to cut out</source>
        <translation>Показывает рамку обрезки на сканах: перетащите её ручки вокруг вырезаемого ассета</translation>
    </message>
    <message>
        <source>Extract to Cloud</source>
        <translation>Вырезать в облако</translation>
    </message>
    <message>
        <source>Cuts the splats inside the crop box (or, with the box hidden, the last rect, lasso or brush selection) out of the scans at full detail and opens them as the splat cloud, the start of a game asset</source>
        <translation>Вырезает сплаты внутри рамки обрезки (или, если рамка скрыта, внутри последнего выделения прямоугольником, лассо или кистью) из сканов с полной детализацией и открывает их как облако сплатов — начало игрового ассета</translation>
    </message>
    <message>
        <source>Export Extract…</source>
        <translation>Экспорт вырезки…</translation>
    </message>
    <message>
        <source>Writes the splats inside the crop box (or the last selection) at full detail to a PLY, SPZ, .splat, SOG or glTF file</source>
        <translation>Записывает сплаты внутри рамки обрезки (или последнего выделения) с полной детализацией в файл PLY, SPZ, .splat, SOG или glTF</translation>
    </message>
    <message>
        <source>Open Scan…</source>
        <translation>Открыть скан…</translation>
    </message>
    <message>
        <source>Build LOD…</source>
        <translation>Построить LOD…</translation>
    </message>
    <message>
        <source>Close Scans</source>
        <translation>Закрыть сканы</translation>
    </message>
</context>
</TS>
