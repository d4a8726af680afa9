// Package conversiondata keeps what an older version cannot hold in an annotation of the object,
// as Cluster API does: the hub object without its metadata, as JSON, restored on the way back.
package conversiondata

import (
	"encoding/json"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Annotation names the annotation that holds the hub object's JSON.
const Annotation = "takeover.crdconv.dev/conversion-data"

// Marshal writes hub, without its metadata, into the Annotation of into.
func Marshal(hub metav1.Object, into metav1.Object) error {
	object, err := runtime.DefaultUnstructuredConverter.ToUnstructured(hub)
	if err != nil {
		return err
	}
	delete(object, "metadata")
	data, err := json.Marshal(object)
	if err != nil {
		return err
	}
	annotations := into.GetAnnotations()
	if annotations == nil {
		annotations = map[string]string{}
	}
	annotations[Annotation] = string(data)
	into.SetAnnotations(annotations)
	return nil
}

// Unmarshal reads the Annotation of from into restored and removes it from from; false when the
// object carries none.
func Unmarshal(from metav1.Object, restored interface{}) (bool, error) {
	annotations := from.GetAnnotations()
	data, found := annotations[Annotation]
	if !found {
		return false, nil
	}
	if err := json.Unmarshal([]byte(data), restored); err != nil {
		return false, err
	}
	delete(annotations, Annotation)
	if len(annotations) == 0 {
		annotations = nil
	}
	from.SetAnnotations(annotations)
	return true, nil
}
